import type { Metadata } from "next";
import { Suspense } from "react";
import { getTranslations } from "next-intl/server";
import { MessagesView } from "@/components/messaging/messages-view";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("messaging");
  return { title: t("title"), robots: { index: false } };
}

/** /messages: conversations and the open thread; login only (the layout). */
export default async function MessagesPage() {
  const t = await getTranslations("messaging");
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-2 mb-6 text-muted-foreground">{t("subtitle")}</p>
      <Suspense>
        <MessagesView />
      </Suspense>
    </div>
  );
}
