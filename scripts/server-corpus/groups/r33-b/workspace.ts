// The files the group's servers work on, written afresh under /tmp/faultline-corpus-r33-b/ before each
// capture: small ESLint projects (each with its own eslint.config.mjs, since ESLint 10 looks a config up
// from each linted file's folder) and a GraphQL schema in SDL. Nothing here stands in for a remote
// service; both servers run wholly on the machine.

import fs from "node:fs";
import path from "node:path";

export const DATA = "/tmp/faultline-corpus-r33-b";
export const ESLINT = path.join(DATA, "eslint");
export const APP = path.join(ESLINT, "app");
export const SCHEMA = path.join(DATA, "graphql", "shop.graphqls");

const APP_CONFIG = `export default [
  { ignores: ["dist/**"] },
  {
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: "module",
      globals: { console: "readonly", process: "readonly", fetch: "readonly" },
    },
    rules: {
      "no-unused-vars": "error",
      "no-undef": "error",
      eqeqeq: "error",
      "prefer-const": "error",
      semi: ["error", "always"],
      "no-console": "warn",
    },
  },
];
`;

const FILES: Record<string, string> = {
  "app/eslint.config.mjs": APP_CONFIG,
  "app/src/clean.js": `export function total(items) {
  return items.reduce((sum, item) => sum + item.price * item.quantity, 0);
}
`,
  "app/src/orders.js": `import { total } from "./clean.js";

let taxRate = 0.2;
const unused = "draft";

export async function placeOrder(order) {
  if (order.items.length == 0) {
    console.log("empty order");
    return null
  }
  const response = await fetch(apiBase + "/orders", {
    method: "POST",
    body: JSON.stringify({ ...order, total: total(order.items) * (1 + taxRate) }),
  });
  return response.json();
}
`,
  "app/src/broken.js": `export function parse(input) {
  const rows = input.split("\\n").map((line) => {
    return line.split(",";
  });
  return rows;
}
`,
  "app/src/notes.ts": `export interface Note {
  id: string;
  body: string;
}
`,
  "app/dist/bundle.js": `var a=1;console.log(a)\n`,
  "app/docs/README.md": `# App\n\nNothing to lint here.\n`,
  "badrule/eslint.config.mjs": `export default [{ rules: { semi: ["error", "sometimes"] } }];\n`,
  "badrule/index.js": `export const answer = 42;\n`,
  "unknownrule/eslint.config.mjs": `export default [{ rules: { "no-floating-promises": "error" } }];\n`,
  "unknownrule/index.js": `export const answer = 42;\n`,
  "plugin/eslint.config.mjs": `import react from "eslint-plugin-react";

export default [
  {
    files: ["**/*.jsx"],
    plugins: { react },
    rules: { "react/jsx-key": "error" },
  },
];
`,
  "plugin/App.jsx": `export const List = ({ items }) => items.map((item) => <li>{item}</li>);\n`,
  "syntaxconf/eslint.config.mjs": `export default [
  {
    rules: {
      "no-unused-vars": "error",
  },
];
`,
  "syntaxconf/index.js": `export const answer = 42;\n`,
  "idmatch/eslint.config.mjs": `export default [
  {
    rules: {
      // Identifiers must be lower-case letters only.
      "id-match": ["error", "^(a+)+$", { properties: true }],
    },
  },
];
`,
  "idmatch/names.js": `export const ${"a".repeat(31)}_ = 1;\n`,
};

const SCHEMA_SDL = `"""
An order placed in the shop.
"""
type Order {
  id: ID!
  number: String!
  status: OrderStatus!
  customer: Customer!
  lines(first: Int = 20, after: String): OrderLineConnection!
  total: Money!
  placedAt: DateTime!
}

enum OrderStatus {
  PENDING
  PAID
  SHIPPED
  CANCELLED
}

type OrderLine {
  sku: String!
  title: String!
  quantity: Int!
  unitPrice: Money!
}

type OrderLineConnection {
  edges: [OrderLineEdge!]!
  pageInfo: PageInfo!
}

type OrderLineEdge {
  cursor: String!
  node: OrderLine!
}

type PageInfo {
  hasNextPage: Boolean!
  endCursor: String
}

type Customer {
  id: ID!
  email: String!
  displayName: String
  orders(first: Int = 20, status: OrderStatus): [Order!]!
  shippingAddress: Address
}

type Address {
  line1: String!
  line2: String
  city: String!
  postalCode: String!
  country: CountryCode!
}

enum CountryCode {
  DE
  FR
  GB
  US
}

type Money {
  amount: Decimal!
  currency: String!
}

scalar Decimal
scalar DateTime

interface Node {
  id: ID!
}

union SearchResult = Order | Customer

input OrderLineInput {
  sku: String!
  quantity: Int!
}

input CreateOrderInput {
  customerId: ID!
  lines: [OrderLineInput!]!
  note: String
}

type CreateOrderPayload {
  order: Order
  userErrors: [UserError!]!
}

type UserError {
  field: [String!]
  message: String!
}

type Query {
  order(id: ID!): Order
  orders(first: Int = 20, after: String, status: OrderStatus): [Order!]!
  customer(id: ID!): Customer
  search(query: String!): [SearchResult!]!
  node(id: ID!): Node
}

type Mutation {
  createOrder(input: CreateOrderInput!): CreateOrderPayload!
  cancelOrder(id: ID!, reason: String): Order
  updateShippingAddress(customerId: ID!, line1: String!, city: String!, postalCode: String!, country: CountryCode!): Customer
}

type Subscription {
  orderUpdated(id: ID!): Order!
  ordersPlaced: Order!
}
`;

/** Writes the workspace afresh. */
export function writeWorkspace() {
  fs.rmSync(DATA, { recursive: true, force: true });
  for (const [name, text] of Object.entries(FILES)) {
    const file = path.join(ESLINT, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  fs.mkdirSync(path.join(DATA, "loose"), { recursive: true });
  fs.writeFileSync(path.join(DATA, "loose", "script.js"), `console.log("no config above me");\n`);
  fs.mkdirSync(path.dirname(SCHEMA), { recursive: true });
  fs.writeFileSync(SCHEMA, SCHEMA_SDL);
  fs.mkdirSync(path.join(DATA, "home"), { recursive: true });
}
