import { lazy } from "react";
import { useTranslation } from "../i18n/react.tsx";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { translator } from "../../server/i18n.server.ts";
import { AdminDashboard } from "../features/admin/admin-dashboard.tsx";
import { OverviewTab } from "../features/admin/overview-tab.tsx";
import { megabytes } from "../../core/media/rules.ts";
import { requireStaffPage } from "../features/auth/guard.server.ts";
import { pageLanguage } from "../i18n/page-language.server.ts";
import type { Route } from "./+types/admin";

/*
 * Each section's code loads when the section is first opened (the dashboard shows a line while it
 * does): /admin opens on the Overview, and the ten other sections' forms and tables would more than
 * double what a staff member's browser loads before the page works.
 */
const PostsTab = lazy(() => import("../features/admin/posts-tab.tsx").then((module) => ({ default: module.PostsTab })));
const MediaTab = lazy(() => import("../features/admin/media-tab.tsx").then((module) => ({ default: module.MediaTab })));
const TutorialsTab = lazy(() =>
  import("../features/admin/tutorials-tab.tsx").then((module) => ({ default: module.TutorialsTab })),
);
const ClassesTab = lazy(() =>
  import("../features/admin/classes-tab.tsx").then((module) => ({ default: module.ClassesTab })),
);
const ReviewsTab = lazy(() =>
  import("../features/admin/reviews-tab.tsx").then((module) => ({ default: module.ReviewsTab })),
);
const ModerationTab = lazy(() =>
  import("../features/admin/moderation-tab.tsx").then((module) => ({ default: module.ModerationTab })),
);
const MediaModeration = lazy(() =>
  import("../features/admin/media-moderation.tsx").then((module) => ({ default: module.MediaModeration })),
);
const DealsTab = lazy(() => import("../features/admin/deals-tab.tsx").then((module) => ({ default: module.DealsTab })));
const PromosTab = lazy(() =>
  import("../features/admin/promos-tab.tsx").then((module) => ({ default: module.PromosTab })),
);
const OrdersTab = lazy(() =>
  import("../features/admin/orders-tab.tsx").then((module) => ({ default: module.OrdersTab })),
);
const SubscriptionsTab = lazy(() =>
  import("../features/admin/subscriptions-tab.tsx").then((module) => ({ default: module.SubscriptionsTab })),
);

export async function loader({ params, context }: Route.LoaderArgs) {
  requireStaffPage(params, context);
  const language = pageLanguage(params, context);
  const { blog, testimonials, deals, media, tutorials, classes, overview } = context.services;
  const [
    posts,
    pendingComments,
    moderation,
    allDeals,
    allMedia,
    pendingMediaComments,
    allTutorials,
    allClasses,
    summary,
  ] = await Promise.all([
    blog.listAllPosts(),
    blog.listComments("pending"),
    testimonials.listForModeration(),
    deals.listAll(),
    media.listAll(),
    media.listComments("pending"),
    tutorials.listAll(),
    classes.listAll(),
    overview.get(),
  ]);
  const mediaLimits = {
    image: megabytes(media.limits.image),
    video: megabytes(media.limits.video),
    audio: megabytes(media.limits.audio),
  };
  const reviews = moderation.testimonials;
  // The moderation queue reads oldest first, like the comments beside it.
  const pendingReviews = reviews.filter((review) => !review.approved).reverse();
  return {
    posts,
    pendingComments,
    reviews,
    pendingReviews,
    deals: allDeals,
    media: allMedia,
    pendingMediaComments,
    mediaLimits,
    tutorials: allTutorials,
    classes: allClasses,
    overview: summary,
    language,
    sandbox: context.services.checkout.providerName === "sandbox",
    title: `${translator(language)("admin:title")} | ${context.publicConfig.companyName}`,
  };
}

// Switching tabs only changes ?tab=; the data stays the same.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutTab = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("tab");
    return params.toString();
  };
  const onlyTabChanged = withoutTab(currentUrl) === withoutTab(nextUrl) && currentUrl.search !== nextUrl.search;
  return onlyTabChanged ? false : defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  const {
    posts,
    pendingComments,
    reviews,
    pendingReviews,
    deals,
    media,
    pendingMediaComments,
    mediaLimits,
    tutorials,
    classes,
    overview,
    language,
  } = loaderData;
  const { t } = useTranslation("admin");
  const { t: mediaText } = useTranslation("media");
  const { t: tt } = useTranslation("tutorials");
  const { t: ct } = useTranslation("adminclasses");
  const pendingMedia = media.filter((item) => item.status === "pending");
  const pendingCount =
    pendingComments.length + pendingReviews.length + pendingMedia.length + pendingMediaComments.length;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <header className="mb-8">
        <h1 className="font-display text-4xl font-semibold">{t("title")}</h1>
        <p className="mt-2 text-muted-foreground">{t("intro")}</p>
      </header>
      <AdminDashboard
        tabs={[
          {
            id: "overview",
            label: ct("tabs.overview"),
            content: <OverviewTab overview={overview} language={language} />,
          },
          { id: "posts", label: t("tabs.posts"), content: <PostsTab posts={posts} language={language} /> },
          { id: "media", label: mediaText("admin.tab"), content: <MediaTab media={media} limits={mediaLimits} /> },
          {
            id: "tutorials",
            label: tt("admin.tab"),
            content: <TutorialsTab tutorials={tutorials} language={language} />,
          },
          { id: "classes", label: ct("tabs.classes"), content: <ClassesTab classes={classes} language={language} /> },
          { id: "reviews", label: t("tabs.reviews"), content: <ReviewsTab reviews={reviews} language={language} /> },
          {
            id: "moderation",
            label: t("tabs.moderation"),
            badge: pendingCount,
            badgeLabel: t("moderation.pendingTotal", { count: pendingCount }),
            content: (
              <>
                <ModerationTab comments={pendingComments} reviews={pendingReviews} language={language} />
                <MediaModeration pending={pendingMedia} comments={pendingMediaComments} />
              </>
            ),
          },
          { id: "deals", label: t("tabs.deals"), content: <DealsTab deals={deals} language={language} /> },
          { id: "promos", label: t("tabs.promos"), content: <PromosTab /> },
          {
            id: "orders",
            label: t("tabs.orders"),
            content: <OrdersTab language={language} timeZone={overview.today.timeZone} sandbox={loaderData.sandbox} />,
          },
          {
            id: "subscriptions",
            label: t("tabs.subscriptions"),
            content: (
              <SubscriptionsTab language={language} timeZone={overview.today.timeZone} sandbox={loaderData.sandbox} />
            ),
          },
        ]}
      />
    </main>
  );
}
