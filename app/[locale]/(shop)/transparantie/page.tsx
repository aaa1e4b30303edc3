// /transparantie: the Dutch address of the transparency page (/transparency).
export { default, generateMetadata } from "../transparency/page";

// Route segment config must be declared here, not re-exported (Next.js reads it statically).
export const dynamic = "force-dynamic";
