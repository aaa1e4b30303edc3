// Prisma CLI configuration: the WebAssembly schema engine through our driver adapter,
// so migrations work without downloading a native engine (docs/architecture.md).
import { defineConfig } from "prisma/config";
import { migrationAdapter } from "./prisma/migrate-adapter";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  async adapter() {
    const url = process.env.DATABASE_URL;
    if (!url) {
      throw new Error(
        "DATABASE_URL is not set. Prisma commands need a PostgreSQL URL, e.g. " +
          "DATABASE_URL=postgresql://postgres@127.0.0.1:5432/kringwaar",
      );
    }
    return migrationAdapter(url);
  },
});
