// Group r18-c: finance, trading and crypto APIs — a crypto-exchange server (Binance through CCXT), a
// market-data server (Financial Modeling Prep, over Streamable HTTP), Moralis's on-chain data server and a
// personal-budgeting server (YNAB) — each published MCP server behind a loopback stand-in that answers with the
// real service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r18-c && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r18-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  BINANCE_KEY,
  BINANCE_PORT,
  BINANCE_REVOKED_KEY,
  BINANCE_SECRET,
  CERT,
  DATA,
  EMPTY_WALLET,
  FMP_MCP_PORT,
  FMP_PROXY_PORT,
  FMP_TOKEN,
  MORALIS_KEY,
  MORALIS_PORT,
  NO_POOL_TOKEN,
  USDC,
  WALLET,
  YNAB_ACCOUNT,
  YNAB_BUDGET,
  YNAB_PROXY_PORT,
  YNAB_TOKEN,
  YNAB_TX,
  YNAB_TX_DELETED,
  binanceStandin,
  clearTimers,
  ensureCertificate,
  fmpStandin,
  moralisStandin,
  state,
  ynabStandin,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@mcpfun/mcp-server-ccxt": "1.2.1",
  "financial-modeling-prep-mcp-server": "2.5.3",
  "@moralisweb3/api-mcp-server": "1.8.2",
  "ynab-mcp-server": "0.1.2",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");
const PROXY_PRELOAD = `--import=${path.join(FROM, "proxy-preload.mjs")}`;

// ---------------------------------------------------------------------------------- CCXT (Binance)

const key = { apiKey: BINANCE_KEY, secret: BINANCE_SECRET };

const ccxt: SessionSpec = {
  label: "r18-c-ccxt",
  server: "@mcpfun/mcp-server-ccxt",
  transport: "stdio",
  start: stdioServer("r18-c-ccxt", "@mcpfun/mcp-server-ccxt", {
    from: FROM,
    cwd: DATA,
    env: {
      USE_PROXY: "true",
      PROXY_URL: `http://127.0.0.1:${BINANCE_PORT}/`,
      DEFAULT_EXCHANGE: "binance",
      HOME,
    },
  }),
  steps: [
    step(
      "ccxt-001",
      "get-ticker",
      { exchange: "binance", symbol: "BTC/USDT" },
      "the BTC/USDT ticker on Binance",
    ),
    step(
      "ccxt-002",
      "batch-get-tickers",
      { exchange: "binance", symbols: ["ETH/USDT", "ETH/BTC"] },
      "two tickers in one call",
    ),
    step(
      "ccxt-003",
      "get-orderbook",
      { exchange: "binance", symbol: "BTC/USDT", limit: 5 },
      "a five-level order book",
    ),
    step(
      "ccxt-004",
      "get-ohlcv",
      { exchange: "binance", symbol: "ETH/USDT", timeframe: "1d", limit: 3 },
      "three daily candles",
    ),
    step(
      "ccxt-005",
      "get-trades",
      { exchange: "binance", symbol: "LUNA/USDT", limit: 10 },
      "recent trades of a halted pair (none)",
    ),
    step(
      "ccxt-006",
      "get-markets",
      { exchange: "binance", page: 1, pageSize: 3 },
      "the first page of markets",
    ),
    step(
      "ccxt-007",
      "get-markets",
      { exchange: "binance", page: 9, pageSize: 100 },
      "a page past the last market",
    ),
    step(
      "ccxt-008",
      "get-ticker",
      { exchange: "binance", symbol: "DOGE/EUR" },
      "a ticker for a pair Binance does not list",
    ),
    step(
      "ccxt-009",
      "get-ticker",
      { exchange: "binance", symbol: "DOGE/EUR" },
      "the same unlisted pair again, unchanged",
    ),
    step(
      "ccxt-010",
      "get-ticker",
      { exchange: "ftx", symbol: "BTC/USD" },
      "a ticker on an exchange the server does not support",
    ),
    step("ccxt-011", "get-exchange-info", { exchange: "binance" }, "Binance's status and capabilities"),
    step("ccxt-012", "account-balance", { exchange: "binance", ...key }, "the spot account's balances"),
    step(
      "ccxt-013",
      "account-balance",
      { exchange: "binance", apiKey: BINANCE_REVOKED_KEY, secret: BINANCE_SECRET },
      "balances with a deleted API key (-2015)",
    ),
    step(
      "ccxt-014",
      "place-market-order",
      { exchange: "binance", symbol: "BTC/USDT", side: "buy", amount: 0.5, ...key },
      "a market buy larger than the USDT balance (-2010)",
    ),
    step(
      "ccxt-015",
      "place-market-order",
      { exchange: "binance", symbol: "ETH/USDT", side: "buy", amount: 0.02, ...key },
      "a small market buy that fills",
    ),
    step(
      "ccxt-016",
      "place-market-order",
      { exchange: "binance", symbol: "BTC/USDT", side: "buy", amount: -1, ...key },
      "a negative order amount (the schema refuses it)",
    ),
    step(
      "ccxt-017",
      "get-ticker",
      { exchange: "binance", symbol: "BTC/USDT", marketType: "perpetual" },
      "a market type outside the enum",
    ),
    step(
      "ccxt-018",
      "get-orderbook",
      { exchange: "binance", symbol: "ETH/USDT", limit: 5 },
      "an order book while Binance answers 429 (-1003, Retry-After)",
      flag("bnRateLimited"),
    ),
    step(
      "ccxt-019",
      "get-ohlcv",
      { exchange: "binance", symbol: "BTC/USDT", timeframe: "1h", limit: 3 },
      "candles while CloudFront answers an HTML 502",
      flag("bnGateway"),
    ),
    step(
      "ccxt-020",
      "get-trades",
      { exchange: "binance", symbol: "BTC/USDT", limit: 2 },
      "recent BTC/USDT trades",
    ),
    step(
      "ccxt-021",
      "get-trades",
      { exchange: "binance", symbol: "ETH/BTC", limit: 5 },
      "trades while Binance answers 503 (-1008, overloaded)",
      flag("bnUnavailable"),
    ),
    step(
      "ccxt-022",
      "get-ticker",
      { exchange: "binance", symbol: "SOL/USDT" },
      "a ticker Binance takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "ccxt-023",
      "get-funding-rate-history",
      { exchange: "binance", symbol: "BTC/USDT" },
      "a tool the server does not have",
    ),
    step(
      "ccxt-024",
      "get-orderbook",
      { exchange: "binance", symbol: "ETH/BTC", limit: 5 },
      "an order book while Binance cannot be reached (stand-in stopped)",
      down(binanceStandin),
    ),
  ],
};

// ------------------------------------------------------------------------ Financial Modeling Prep

const fmp: SessionSpec = {
  label: "r18-c-fmp",
  server: "financial-modeling-prep-mcp-server",
  transport: "http",
  start: httpServer("r18-c-fmp", "financial-modeling-prep-mcp-server", {
    from: FROM,
    port: FMP_MCP_PORT,
    env: {
      PORT: String(FMP_MCP_PORT),
      FMP_ACCESS_TOKEN: FMP_TOKEN,
      FMP_TOOL_SETS: "search,quotes,company,statements,charts",
      HTTPS_PROXY: `http://127.0.0.1:${FMP_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      HOME,
    },
  }),
  steps: [
    step("fmp-001", "searchSymbol", { query: "apple", limit: 5 }, "search symbols for 'apple'"),
    step("fmp-002", "searchSymbol", { query: "zzqx holdings" }, "a symbol search that finds nothing"),
    step("fmp-003", "getQuote", { symbol: "AAPL" }, "Apple's quote"),
    step("fmp-004", "getQuote", { symbol: "AAPLX" }, "a quote for a symbol that does not exist"),
    step(
      "fmp-005",
      "getBatchQuotes",
      { symbols: "AAPL,MSFT,QQQQZ" },
      "three quotes, one of an unknown symbol",
    ),
    step("fmp-006", "getCompanyProfile", { symbol: "MSFT" }, "Microsoft's profile"),
    step("fmp-007", "getStockPeers", { symbol: "MSFT" }, "Microsoft's peers"),
    step(
      "fmp-008",
      "getIncomeStatement",
      { symbol: "AAPL", period: "FY", limit: 2 },
      "two annual income statements",
    ),
    step(
      "fmp-009",
      "getIncomeStatement",
      { symbol: "TSLA", period: "FY", limit: 2 },
      "income statements of a symbol the free plan does not cover (402)",
    ),
    step(
      "fmp-010",
      "getIncomeStatement",
      { symbol: "TSLA", period: "FY", limit: 2 },
      "the same premium-only symbol again, unchanged",
    ),
    step("fmp-011", "getIncomeStatement", { symbol: "AAPL", period: "annual" }, "a period outside the enum"),
    step(
      "fmp-012",
      "getFullChart",
      { symbol: "AAPL", from: "2026-12-03", to: "2026-12-04" },
      "two days of prices",
    ),
    step(
      "fmp-013",
      "getFullChart",
      { symbol: "AAPL", from: "2027-03-01", to: "2027-03-05" },
      "prices for dates in the future (none)",
    ),
    step(
      "fmp-014",
      "stockScreener",
      { marketCapMoreThan: 1000000000, sector: "Technology", limit: 5 },
      "a screener query the plan does not include (FMP answers 200 with an error object)",
    ),
    step(
      "fmp-015",
      "getQuote",
      { symbol: "AAPL" },
      "a quote while the API key is rejected (401)",
      flag("fmpBadKey"),
    ),
    step(
      "fmp-016",
      "getCompanyProfile",
      { symbol: "AAPL" },
      "a profile after the daily limit (429)",
      flag("fmpLimit"),
    ),
    step(
      "fmp-017",
      "searchSymbol",
      { query: "micro" },
      "a search while FMP answers 500",
      flag("fmpServerError"),
    ),
    step(
      "fmp-018",
      "getStockPeers",
      { symbol: "AAPL" },
      "peers while Cloudflare answers an HTML 502",
      flag("fmpGateway"),
    ),
    step("fmp-019", "getQuote", { symbol: "NVDA" }, "a quote FMP takes 15 s for; the client waits 3 s", {
      timeoutMs: 3000,
    }),
    step("fmp-020", "getQuote", {}, "a quote with no symbol"),
    step("fmp-021", "getCryptoNews", { symbols: "BTCUSD" }, "a tool from a tool set the server did not load"),
    step(
      "fmp-022",
      "getCompanyProfile",
      { symbol: "MSFT" },
      "a profile while FMP cannot be reached (proxy stopped)",
      down(fmpStandin),
    ),
    step(
      "fmp-023",
      "getFullChart",
      { symbol: "NVDA", from: "2026-12-01" },
      "a slow request; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ------------------------------------------------------------------------------------------ Moralis

const moralis: SessionSpec = {
  label: "r18-c-moralis",
  server: "@moralisweb3/api-mcp-server",
  transport: "stdio",
  start: stdioServer("r18-c-moralis", "@moralisweb3/api-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      MORALIS_API_KEY: MORALIS_KEY,
      SERVER_CONFIG: "evm",
      API_BASE_URL: `http://127.0.0.1:${MORALIS_PORT}/api/v2.2`,
      API_SPEC_URL: `http://127.0.0.1:${MORALIS_PORT}/api-docs-2.2/v2.2/swagger.json`,
      HOME,
    },
  }),
  steps: [
    step("mor-001", "evm_getnativebalance", { address: WALLET, chain: "eth" }, "a wallet's ETH balance"),
    step(
      "mor-002",
      "evm_getwallettokenbalancesprice",
      { address: WALLET, chain: "eth" },
      "a wallet's tokens with USD prices",
    ),
    step(
      "mor-003",
      "evm_getwallettokenbalancesprice",
      { address: EMPTY_WALLET, chain: "eth", exclude_spam: true },
      "tokens of a wallet that holds none",
    ),
    step("mor-004", "evm_gettokenprice", { address: USDC, chain: "eth" }, "USDC's price"),
    step(
      "mor-005",
      "evm_gettokenprice",
      { address: NO_POOL_TOKEN, chain: "eth" },
      "the price of a token with no liquidity pool (404)",
    ),
    step(
      "mor-006",
      "evm_gettokenprice",
      { address: NO_POOL_TOKEN, chain: "eth" },
      "the same token again, unchanged",
    ),
    step("mor-007", "evm_getwalletnfts", { address: WALLET, chain: "eth", limit: 10 }, "a wallet's NFTs"),
    step(
      "mor-008",
      "evm_getwalletnfts",
      { address: EMPTY_WALLET, chain: "eth" },
      "NFTs of a wallet that has none",
    ),
    step("mor-009", "evm_resolveensdomain", { domain: "vitalik.eth" }, "resolve an ENS name"),
    step(
      "mor-010",
      "evm_resolveensdomain",
      { domain: "no-such-name-4821.eth" },
      "resolve an ENS name nobody registered",
    ),
    step(
      "mor-011",
      "evm_getwallettransactions",
      { address: WALLET, chain: "eth", limit: 1 },
      "the wallet's latest transaction",
    ),
    step(
      "mor-012",
      "evm_getnativebalance",
      { address: "0x12345", chain: "eth" },
      "a malformed wallet address",
    ),
    step(
      "mor-013",
      "evm_getnativebalance",
      { address: WALLET, chain: "solana" },
      "a chain outside the spec's enum",
    ),
    step(
      "mor-014",
      "evm_getwallettokenbalancesprice",
      { address: WALLET, chain: "bsc" },
      "token balances on a chain this endpoint does not support (400)",
    ),
    step("mor-015", "evm_getnativebalance", { chain: "eth" }, "a balance with no address"),
    step(
      "mor-016",
      "evm_getnativebalance",
      { address: WALLET },
      "a balance while the API key is rejected (401)",
      flag("mrBadKey"),
    ),
    step(
      "mor-017",
      "evm_gettokenprice",
      { address: USDC, chain: "eth" },
      "a price after the plan's daily compute units are used up",
      flag("mrCuExhausted"),
    ),
    step(
      "mor-018",
      "evm_getwalletnfts",
      { address: WALLET, chain: "eth" },
      "NFTs while Moralis answers 500",
      flag("mrServerError"),
    ),
    step(
      "mor-019",
      "evm_getwallettransactions",
      { address: WALLET, chain: "eth" },
      "transactions while the gateway answers an HTML 504",
      flag("mrUnavailable"),
    ),
    step(
      "mor-020",
      "evm_getwallettransactions",
      { address: WALLET, chain: "polygon" },
      "transactions Moralis takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("mor-021", "evm_getwalletstats", { address: WALLET }, "a tool the server does not have"),
    step(
      "mor-022",
      "evm_getnativebalance",
      { address: WALLET, chain: "eth" },
      "a balance while Moralis cannot be reached (stand-in stopped)",
      down(moralisStandin),
    ),
  ],
};

// --------------------------------------------------------------------------------------------- YNAB

const ynab: SessionSpec = {
  label: "r18-c-ynab",
  server: "ynab-mcp-server",
  transport: "stdio",
  start: stdioServer("r18-c-ynab", "ynab-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      YNAB_API_TOKEN: YNAB_TOKEN,
      HTTPS_PROXY: `http://127.0.0.1:${YNAB_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: PROXY_PRELOAD,
      HOME,
    },
  }),
  steps: [
    step("ynab-001", "list_budgets", {}, "list the budgets"),
    step("ynab-002", "budget_summary", { budgetId: YNAB_BUDGET, month: "current" }, "this month's summary"),
    step(
      "ynab-003",
      "budget_summary",
      { month: "current" },
      "a summary with no budget id and none configured",
    ),
    step(
      "ynab-004",
      "budget_summary",
      { budgetId: "00000000-0000-4000-8000-000000000000", month: "current" },
      "a summary of a budget that does not exist (404)",
    ),
    step(
      "ynab-005",
      "budget_summary",
      { budgetId: YNAB_BUDGET, month: "2019-01-01" },
      "a month before the budget's first month",
    ),
    step(
      "ynab-006",
      "budget_summary",
      { budgetId: YNAB_BUDGET, month: "December" },
      "a month the schema's pattern refuses",
    ),
    step(
      "ynab-007",
      "get_unapproved_transactions",
      { budgetId: YNAB_BUDGET },
      "transactions awaiting approval",
    ),
    step(
      "ynab-008",
      "create_transaction",
      {
        budgetId: YNAB_BUDGET,
        accountId: YNAB_ACCOUNT,
        date: "2026-12-05",
        amount: -23.5,
        payeeName: "Blue Bottle Coffee",
        memo: "beans",
      },
      "record a purchase",
    ),
    step(
      "ynab-009",
      "create_transaction",
      {
        budgetId: YNAB_BUDGET,
        accountId: YNAB_ACCOUNT,
        date: "12/05/2026",
        amount: -9.99,
        payeeName: "Netflix",
      },
      "a date not in ISO format (400)",
    ),
    step(
      "ynab-010",
      "create_transaction",
      { budgetId: YNAB_BUDGET, accountId: YNAB_ACCOUNT, date: "2026-12-05", amount: -12 },
      "a transaction with neither payee id nor payee name",
    ),
    step(
      "ynab-011",
      "create_transaction",
      {
        budgetId: YNAB_BUDGET,
        accountId: "11111111-2222-4333-8444-555555555555",
        date: "2026-12-05",
        amount: -5,
        payeeName: "Shell",
      },
      "a transaction on an account that does not exist (404)",
    ),
    step(
      "ynab-012",
      "create_transaction",
      {
        budgetId: YNAB_BUDGET,
        accountId: YNAB_ACCOUNT,
        date: "2026-12-05",
        amount: "twelve",
        payeeName: "Shell",
      },
      "an amount given as a word",
    ),
    step(
      "ynab-013",
      "approve_transaction",
      { budgetId: YNAB_BUDGET, transactionId: YNAB_TX },
      "approve a transaction",
    ),
    step(
      "ynab-014",
      "approve_transaction",
      { budgetId: YNAB_BUDGET, transactionId: "ffffffff-0000-4000-8000-000000000000" },
      "approve a transaction id that does not exist",
    ),
    step(
      "ynab-015",
      "approve_transaction",
      { budgetId: YNAB_BUDGET, transactionId: "ffffffff-0000-4000-8000-000000000000" },
      "the same missing transaction again, unchanged",
    ),
    step(
      "ynab-016",
      "approve_transaction",
      { budgetId: YNAB_BUDGET, transactionId: YNAB_TX_DELETED },
      "approve a transaction that was deleted (400)",
    ),
    step("ynab-017", "list_budgets", {}, "budgets while the token is revoked (401)", flag("ynUnauthorized")),
    step(
      "ynab-018",
      "get_unapproved_transactions",
      { budgetId: YNAB_BUDGET },
      "transactions while the subscription has lapsed (403.1)",
      flag("ynLapsed"),
    ),
    step(
      "ynab-019",
      "list_budgets",
      {},
      "budgets after the hourly request limit (429)",
      flag("ynRateLimited"),
    ),
    step(
      "ynab-020",
      "budget_summary",
      { budgetId: YNAB_BUDGET, month: "current" },
      "a summary while YNAB answers 500",
      flag("ynServerError"),
    ),
    step(
      "ynab-021",
      "get_unapproved_transactions",
      { budgetId: YNAB_BUDGET },
      "transactions while Cloudflare answers an HTML 502",
      flag("ynGateway"),
    ),
    step(
      "ynab-022",
      "budget_summary",
      { budgetId: YNAB_BUDGET, month: "2026-06-01" },
      "a month YNAB takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("ynab-023", "delete_transaction", { transactionId: YNAB_TX }, "a tool the server does not have"),
    step(
      "ynab-024",
      "list_budgets",
      {},
      "budgets while YNAB cannot be reached (proxy stopped)",
      down(ynabStandin),
    ),
    step(
      "ynab-025",
      "budget_summary",
      { budgetId: YNAB_BUDGET, month: "2026-06-01" },
      "a slow summary; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [ccxt, fmp, moralis, ynab];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
