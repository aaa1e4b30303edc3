/** Structured data for search engines; `<` is escaped so the text cannot end the script. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return (
    <script
      type="application/ld+json"
      // The JSON is ours; escaping "<" prevents "</script>" in user text from breaking out.
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}
