import { AboutSection } from "../features/home/about-section.tsx";
import { CtaSection } from "../features/home/cta-section.tsx";
import { HeroSection } from "../features/home/hero-section.tsx";
import { PricingSection } from "../features/home/pricing-section.tsx";
import { useSectionLinks } from "../components/section-scroll.ts";
import { ServicesSection } from "../features/home/services-section.tsx";
import { SpecialisedSection } from "../features/home/specialised-section.tsx";
import { ContactSection } from "../features/contact/contact-section.tsx";
import { pageLanguage } from "../i18n/page-language.server.ts";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import { TestimonialsSection } from "../features/testimonials/testimonials-section.tsx";
import type { Route } from "./+types/home";

/** How many testimonials the home page shows: one row of the grid. */
export const HOME_TESTIMONIALS = 3;

export async function loader(args: Route.LoaderArgs) {
  const { params, context } = args;
  const services = await context.services.catalogue.list(pageLanguage(params, context));
  return {
    meta: pageMeta(args, { title: "home:meta.title", description: "home:meta.description" }),
    mainServices: services.filter((service) => service.kind === "main"),
    specialisedServices: services.filter((service) => service.kind === "specialised"),
    // Awaited, not streamed: the page cache renders the whole page before it sends it, so streaming
    // gained no time and cost a fallback and React's reveal script in the HTML (decision 12). Null
    // when they cannot be read: the section shows its error state. The latest few only: the section
    // links to the page that shows them all.
    testimonials: await context.services.testimonials.listApproved(HOME_TESTIMONIALS).catch(() => null),
  };
}

export const meta: Route.MetaFunction = ({ data }) => metaTags(data?.meta);

/** The home page (spec document 000, section 2 "Home page"): its sections in the specified order. */
export default function Home({ loaderData }: Route.ComponentProps) {
  useSectionLinks();
  return (
    <main id="main">
      <HeroSection />
      <AboutSection />
      <ServicesSection services={loaderData.mainServices} />
      <SpecialisedSection services={loaderData.specialisedServices} />
      <PricingSection />
      <TestimonialsSection testimonials={loaderData.testimonials} />
      <CtaSection />
      <ContactSection />
    </main>
  );
}
