import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import { architecturePlugin } from "./scripts/architecture/eslint-rule.mjs";

const SCHEMA_FORMS = [
  "components/auth/auth-dialog.tsx",
  "components/auth/password-reset-forms.tsx",
  "components/dashboard/profile-form.tsx",
  "components/listing/listing-form.tsx",
];
const SONNER_RULE = {
  name: "sonner",
  allowTypeImports: true,
  message: "Use toast from @/components/ui/toast: it loads sonner on the first toast.",
};
// next/link is about 3 KB gzipped on every page; ours soft-navigates the same way and
// prefetches on intent (docs/performance.md).
const LINK_RULE = {
  name: "next/link",
  message: "Use { Link } from @/components/ui/link: next/link costs 3 KB on every page.",
};

/**
 * A "use client" file reads texts from @/lib/platform/i18n/client (or #i18n), never next-intl or
 * use-intl, whose client part would be in every page's bundle again (docs/performance.md).
 * tests/unit/client-i18n-imports.test.ts also follows what such files import.
 */
const noNextIntlInClient = {
  meta: {
    type: "problem",
    messages: { client: "\"{{source}}\" in a \"use client\" file: import from @/lib/platform/i18n/client (or #i18n) instead." },
  },
  create(context) {
    let client = false;
    const check = (node) => {
      const source = node.source?.value;
      if (client && typeof source === "string" && /^(next-intl|use-intl)(\/|$)/.test(source)) {
        context.report({ node: node.source, messageId: "client", data: { source } });
      }
    };
    return {
      Program(program) {
        client = program.body.some((statement) => statement.directive === "use client");
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { kringwaar: { rules: { "no-next-intl-in-client": noNextIntlInClient } } },
    rules: { "kringwaar/no-next-intl-in-client": "error" },
  },
  {
    // The layers of docs/architecture.md. Tests and benchmarks may reach into a domain's
    // files to test or measure them.
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "scripts/**/*.ts", "prisma/**/*.ts", "*.ts"],
    ignores: ["scripts/bench/**"],
    plugins: { architecture: architecturePlugin },
    rules: { "architecture/imports": "error" },
  },
  {
    // Tests read JSON bodies of many shapes; typing each would add noise, not safety.
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Everywhere; the blocks below repeat LINK_RULE, as a later no-restricted-imports
    // replaces this one's options for their files.
    rules: { "no-restricted-imports": ["error", { paths: [LINK_RULE] }] },
  },
  {
    // Client bundles do not carry the API's zod schemas (the JavaScript budget, docs/performance.md):
    // components import limits and enums from a domain's client entry. Only the forms
    // that validate with the API's own schema, all loaded on demand, may import one.
    // Toasts go through components/ui/toast.ts, which loads sonner on the first toast.
    files: ["components/**/*.{ts,tsx}"],
    ignores: [...SCHEMA_FORMS, "components/ui/toaster.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "zod", message: "No zod in client components: validate on the server." },
            SONNER_RULE,
            LINK_RULE,
          ],
          patterns: [
            {
              group: ["@/lib/domains/*/schemas", "./schemas", "../schemas"],
              allowTypeImports: true,
              message: "Import limits and enums from @/lib/domains/<name>/client: schemas carry zod into the client bundle.",
            },
          ],
        },
      ],
    },
  },
  {
    files: SCHEMA_FORMS,
    rules: { "no-restricted-imports": ["error", { paths: [SONNER_RULE, LINK_RULE] }] },
  },
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      ".next-e2e/**",
      ".data/**",
      "lib/platform/db/generated/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
      "public/sw.js",
    ],
  },
];

export default config;
