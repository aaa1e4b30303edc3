import type { TestProject } from "vitest/node";
import { createTestDatabase } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    databaseKind: "pglite" | "postgresql";
  }
}

export default async function setup(project: TestProject) {
  const database = await createTestDatabase();
  project.provide("databaseUrl", database.url);
  project.provide("databaseKind", database.kind);
  return async () => {
    await database.stop();
  };
}
