/**
 * The layers of decision 4, checked by `npm run lint` (dependency-cruiser): no import circles; a feature
 * imports only the shared pieces (app/components, app/lib, app/i18n) and its own files, never another
 * feature; shared pieces import no feature, page or layout; a core module's repository (its queries) is
 * reached only by its own module and by the composition root that wires the services (type-only imports
 * of a row's shape are allowed). The domain's freedom from React and Hono is ESLint's rule
 * (eslint.config.js).
 */
export default {
  forbidden: [
    {
      name: "no-circular",
      comment: "An import circle: one of its modules must give way (move the shared piece out).",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "feature-imports-feature",
      comment:
        "A feature imports only shared pieces and its own files: move what two features share to app/components/ or app/lib/.",
      severity: "error",
      from: { path: "^app/features/([^/]+)/" },
      to: { path: "^app/features/", pathNot: "^app/features/$1/" },
    },
    {
      name: "shared-imports-feature",
      comment: "app/components, app/lib and app/i18n are shared by features: they import no feature, page or layout.",
      severity: "error",
      from: { path: "^app/(components|lib|i18n)/" },
      to: { path: "^app/(features|layout|routes)/" },
    },
    {
      name: "core-repository-reach-in",
      comment: "A core module's repository is its own: other modules go through its service.",
      severity: "error",
      from: { path: "^(core/[^/]+)/" },
      to: { path: "^core/[^/]+/[a-z-]*repo\\.server\\.ts$", pathNot: "^$1/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "repository-outside-core",
      comment: "Outside core, only the composition root (server/services.server.ts) builds repositories.",
      severity: "error",
      from: { path: "^(app|server|db|config|scripts|bench)/", pathNot: "^server/services\\.server\\.ts$" },
      to: { path: "^core/[^/]+/[a-z-]*repo\\.server\\.ts$", dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|\\.react-router|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".json"] },
  },
};
