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
    rules: {
      "import/no-cycle": ["error", { ignoreExternal: true }],
      // The layers of lib/ (docs/ARCHITECTURE.md): what each may import.
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./lib/classify",
              from: "./lib",
              except: ["./classify"],
              message:
                "lib/classify is pure: a call report in, a verdict out; it imports nothing else of lib/.",
            },
            {
              target: "./lib/reporter",
              from: "./lib",
              except: ["./reporter"],
              message: "lib/reporter is a package of its own that runs in users' processes.",
            },
            {
              target: "./lib/ingest",
              from: "./lib/http",
              message:
                "Ingest runs one way: lib/http hands it the request; it never calls back into lib/http.",
            },
            {
              target: ["./lib/ingest", "./lib/db", "./lib/schemas", "./lib/rollups", "./lib/auth"],
              from: ["./lib/alerts", "./lib/insight", "./lib/export", "./lib/connect"],
              message: "A feature module is built on the core layers, never the reverse.",
            },
            {
              target: "./lib",
              from: ["./app", "./components"],
              message: "lib/ is free of Next.js: pages and components import lib/, not the reverse.",
            },
          ],
        },
      ],
    },
  },
];

export default config;
