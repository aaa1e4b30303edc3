import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PageMessages } from "@/components/i18n/page-messages";
import { currentUser } from "@/lib/domains/accounts";
import { googleSettings, harnessMetadata, type HarnessSearchParams } from "../fixtures";
import { PickerHarness } from "./picker-harness";

export const dynamic = "force-dynamic";
export const metadata = harnessMetadata;

/** /e2e/location-picker: the picker with a readout of the selection (login required). */
export default async function LocationPickerHarnessPage({ searchParams }: { searchParams: HarnessSearchParams }) {
  if (!(await currentUser())) redirect("/");
  const google = await googleSettings(searchParams);
  const t = await getTranslations("maps.harness");
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="mb-6 text-2xl font-bold tracking-tight">{t("pickerTitle")}</h1>
      <PageMessages namespaces={["maps"]}>
        <PickerHarness {...google} />
      </PageMessages>
    </div>
  );
}
