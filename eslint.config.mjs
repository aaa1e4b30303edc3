import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import { architecturePlugin } from "./scripts/architecture/eslint-rule.mjs";

const SCHEMA_FORMS = [
  "components/auth/login-form.tsx",
  "components/auth/register-form.tsx",
  "components/auth/password-reset-forms.tsx",
  "components/dashboard/profile-form.tsx",
  "components/listing/use-listing-submit.ts",
];
const SONNER_RULE = {
  name: "sonner",
  allowTypeImports: true,
  message: "Use toast from @/components/ui/toast: it loads sonner on the first toast.",
};
const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
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
    // Short functions in pages and components: a component that grows past 120 lines is
    // split into the parts the user sees (docs/architecture.md).
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    rules: {
      "max-lines-per-function": ["error", { max: 120 }],
    },
  },
  {
    // Client bundles do not carry the API's zod schemas (the JavaScript budget,
    // docs/performance.md): components import limits and enums from a domain's client
    // entry. Only the forms
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
    // Short functions in the server code and the scripts: one that does more than fits
    // on a screen or two is split into named parts (docs/architecture.md).
    files: ["lib/**/*.{ts,tsx}", "scripts/**/*.{ts,mjs}"],
    rules: { "max-lines-per-function": ["error", { max: 120, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: SCHEMA_FORMS,
    rules: { "no-restricted-imports": ["error", { paths: [SONNER_RULE] }] },
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
