import { getTranslations } from "next-intl/server";
import { Spinner } from "@/components/ui/spinner";

export default async function AccountLoading() {
  const t = await getTranslations("common");
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label={t("loading")} className="size-8 text-primary" />
    </div>
  );
}
