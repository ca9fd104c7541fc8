import type { PageInfo } from "../../../core/paging/rules.ts";
import { PageLinks } from "../../components/content/list-pager.tsx";
import { useTranslation } from "../../i18n/react.tsx";

/** Previous and next pages below a staff list, and where it stands ("Page 2 of 9 · 170 in all"). */
export function StaffPager({ paging }: { paging: PageInfo }) {
  const { t } = useTranslation("admin");
  return (
    <div className="mt-6 flex justify-center">
      <PageLinks
        previous={paging.prev}
        next={paging.next}
        texts={{
          label: t("pager.label"),
          previous: t("pager.previous"),
          next: t("pager.next"),
          pageOf: t("pager.pageOf", { page: paging.page, last: paging.lastPage, total: paging.total }),
        }}
      />
    </div>
  );
}
