import { Icon } from "../../components/ui/icon.tsx";

/** "What's next?" on the success pages of checkout and custom payments: a titled list of ticked steps. */
export function NextSteps({ title, steps }: { title: string; steps: readonly string[] }) {
  return (
    <section aria-labelledby="next-title" className="rounded-xl border border-border bg-muted/40 p-6">
      <h2 id="next-title" className="font-display text-xl font-semibold">
        {title}
      </h2>
      <ul className="mt-4 space-y-3 text-sm">
        {steps.map((step) => (
          <li key={step} className="flex items-start gap-2.5">
            <Icon name="check" size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-primary" />
            {step}
          </li>
        ))}
      </ul>
    </section>
  );
}
