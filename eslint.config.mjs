import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      ".data/**",
      "lib/db/generated/**",
      "lib/reporter/dist/**",
      "next-env.d.ts",
      "test-results/**",
    ],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // No module of lib/ imports, through any chain, a module that imports it (type-only imports
    // aside): a circle makes load order decide what is defined. Resolved as TypeScript does.
    files: ["lib/**/*.ts"],
    settings: {
      "import/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import/extensions": [".ts", ".tsx"],
      "import/resolver": {
        typescript: { project: "./tsconfig.json" },
        node: { extensions: [".ts", ".tsx", ".js"] },
      },
    },
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
];

export default config;
