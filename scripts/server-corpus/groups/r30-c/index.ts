// Group r30-c: blockchain explorers and on-chain data — Etherscan's multichain explorer API
// (@aurracloud/etherscan-mcp: balances, transaction and token-transfer lists, contract ABIs and source, execution
// status, block rewards, event logs, token supply, balances and holders) and public EVM JSON-RPC nodes
// (@bnb-chain/mcp: networks, blocks, transactions, native and ERC-20 balances, token and NFT metadata, contract
// reads): each published MCP server behind a loopback stand-in that answers with the real service's bodies and error
// bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r30-c && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r30-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ADDR_BINANCE7,
  ADDR_FRESH,
  ADDR_KRAKEN4,
  ADDR_SLOW,
  ADDR_VITALIK,
  ALL_STANDINS,
  BSC_BLOCK_MISSING,
  BSC_EOA,
  BSC_HOLDER,
  BSC_NFT,
  BSC_TX,
  BSC_TX_MISSING,
  BSC_TX_SLOW,
  BSC_TX_TESTNET,
  BSC_USDT,
  CERT,
  CONTRACT_UNVERIFIED,
  CONTRACT_USDT,
  DATA,
  ES_KEY,
  ES_KEY_REVOKED,
  ES_PROXY_PORT,
  RPC_PROXY_PORT,
  TX_FAILED,
  clearTimers,
  ensureCertificate,
  esProxy,
  resetCounters,
  rpcHits,
  rpcProxy,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@aurracloud/etherscan-mcp": "1.0.6",
  "@bnb-chain/mcp": "1.5.1",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

const BNB_PRIVATE_KEY = "0x5b3f1a9c7e2d4b6f8a0c1e3d5f7b9a2c4e6d8f0b1a3c5e7d9f2b4a6c8e0d1f3a";

const proxied = (port: number) => ({
  HTTPS_PROXY: `http://127.0.0.1:${port}`,
  NODE_EXTRA_CA_CERTS: CERT,
  NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
  HOME,
});

// ------------------------------------------------------------------------------- @aurracloud/etherscan-mcp (stdio)

const etherscanServer = (label: string, key: string) =>
  stdioServer(label, "@aurracloud/etherscan-mcp", {
    from: FROM,
    cwd: DATA,
    env: { ...proxied(ES_PROXY_PORT), ETHERSCAN_API_KEY: key },
  });

const etherscan: SessionSpec = {
  label: "r30-c-etherscan",
  server: "@aurracloud/etherscan-mcp",
  transport: "stdio",
  start: etherscanServer("r30-c-etherscan", ES_KEY),
  steps: [
    step("es-001", "ETHERSCAN_getEthBalance", { address: ADDR_VITALIK }, "one address's ether balance"),
    step(
      "es-002",
      "ETHERSCAN_getEthBalanceMulti",
      { addresses: [ADDR_VITALIK, ADDR_BINANCE7, ADDR_KRAKEN4] },
      "three addresses' balances in one call",
    ),
    step(
      "es-003",
      "ETHERSCAN_getListOfTxs",
      { address: ADDR_VITALIK, offset: 3, sort: "desc" },
      "an address's latest three transactions (the server also prints the request URL, key included, on stdout)",
    ),
    step(
      "es-004",
      "ETHERSCAN_getListOfTxs",
      { address: ADDR_FRESH },
      "a new address that has no transactions ('No transactions found')",
    ),
    step(
      "es-005",
      "ETHERSCAN_getErc20TransfersByAddress",
      { address: ADDR_VITALIK, contractAddress: CONTRACT_USDT },
      "an address's USDT transfers",
    ),
    step("es-006", "ETHERSCAN_getContractABI", { address: CONTRACT_USDT }, "a verified contract's ABI"),
    step(
      "es-007",
      "ETHERSCAN_getContractABI",
      { address: CONTRACT_UNVERIFIED },
      "the ABI of an address whose source was never verified (NOTOK 'Contract source code not verified')",
    ),
    step(
      "es-008",
      "ETHERSCAN_getContractABI",
      { address: CONTRACT_UNVERIFIED },
      "the same call again, address unchanged",
    ),
    step(
      "es-009",
      "ETHERSCAN_getContractSourceCode",
      { address: CONTRACT_USDT },
      "a verified contract's source",
    ),
    step(
      "es-010",
      "ETHERSCAN_getContractExecutionStatus",
      { txHash: TX_FAILED },
      "the execution status of a transaction that failed on chain (isError 1, 'Bad jump destination')",
    ),
    step(
      "es-011",
      "ETHERSCAN_getBlockAndUncleRewardByBlockNo",
      { blockNo: 2165403 },
      "a block's miner and uncle rewards",
    ),
    step(
      "es-012",
      "ETHERSCAN_getEventLogsByAddress",
      { address: ADDR_FRESH, startBlock: 21_000_000, endBlock: 21_000_100 },
      "event logs of an address over a block range with none ('No records found')",
    ),
    step(
      "es-013",
      "ETHERSCAN_getErc20TokenSupply",
      { contractAddress: CONTRACT_USDT },
      "USDT's total supply",
    ),
    step(
      "es-014",
      "ETHERSCAN_getErc20TokenBalance",
      { contractAddress: CONTRACT_USDT, address: ADDR_BINANCE7 },
      "one holder's USDT balance",
    ),
    step(
      "es-015",
      "ETHERSCAN_getEthBalance",
      { address: "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA9604" },
      "an address one hex digit short (NOTOK 'Error! Invalid address format')",
    ),
    step(
      "es-016",
      "ETHERSCAN_getEthBalance",
      { address: ADDR_VITALIK, chainId: 56 },
      "a balance on BNB Smart Chain with a free key (a paid plan's chain)",
    ),
    step(
      "es-017",
      "ETHERSCAN_getTokenHolderList",
      { contractAddress: CONTRACT_USDT, offset: 5 },
      "USDT's top holders: an API Pro endpoint, refused to a free key",
    ),
    step(
      "es-018",
      "ETHERSCAN_getEthBalance",
      { address: ADDR_VITALIK, chainId: 424242 },
      "a chain id Etherscan does not serve",
    ),
    step(
      "es-019",
      "ETHERSCAN_getBlockAndUncleRewardByBlockNo",
      { blockNo: "latest" },
      "a block number given as the string 'latest' (the schema wants a number)",
    ),
    step(
      "es-020",
      "ETHERSCAN_getErc20TokenBalance",
      { contractAddress: CONTRACT_USDT, address: ADDR_VITALIK },
      "a balance while the key's per-second rate limit is spent (NOTOK, HTTP 200)",
      flag("esRateLimited"),
    ),
    step(
      "es-021",
      "ETHERSCAN_getEthBalanceMulti",
      { addresses: [ADDR_VITALIK, ADDR_KRAKEN4] },
      "balances while Cloudflare in front of Etherscan answers its 502 page",
      flag("esBadGateway"),
    ),
    step(
      "es-022",
      "ETHERSCAN_getEthBalance",
      { address: ADDR_SLOW },
      "a balance Etherscan takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "es-023",
      "ETHERSCAN_getErc20TokenSupply",
      { contractAddress: CONTRACT_USDT },
      "a token supply while Etherscan cannot be reached",
      down(esProxy),
    ),
    step(
      "es-024",
      "ETHERSCAN_getTokenInfo",
      { contractAddress: CONTRACT_USDT },
      "a tool the server does not have",
    ),
  ],
};

const etherscanRevoked: SessionSpec = {
  label: "r30-c-etherscan-revoked",
  server: "@aurracloud/etherscan-mcp",
  transport: "stdio",
  start: etherscanServer("r30-c-etherscan-revoked", ES_KEY_REVOKED),
  steps: [
    step(
      "es-025",
      "ETHERSCAN_getEthBalance",
      { address: ADDR_VITALIK },
      "a balance with an API key deleted in the Etherscan dashboard (NOTOK 'Invalid API Key')",
    ),
  ],
};

// -------------------------------------------------------------------------------------------- @bnb-chain/mcp (stdio)

const bnb: SessionSpec = {
  label: "r30-c-bnb",
  server: "@bnb-chain/mcp",
  transport: "stdio",
  start: stdioServer("r30-c-bnb", "@bnb-chain/mcp", {
    from: FROM,
    cwd: DATA,
    // PRIVATE_KEY is the server's documented setting (read tools that take an optional privateKey default to it; without
    // it the SDK rejects a balance read for the missing argument). A made-up key: nothing here signs or sends.
    env: { ...proxied(RPC_PROXY_PORT), LOG_LEVEL: "ERROR", PRIVATE_KEY: BNB_PRIVATE_KEY },
  }),
  steps: [
    step("bnb-001", "get_supported_networks", {}, "the networks the server knows"),
    step("bnb-002", "get_chain_info", { network: "bsc" }, "BNB Smart Chain's chain id and head block"),
    step(
      "bnb-003",
      "get_latest_block",
      { network: "bsc", maxTransactionHashes: 5 },
      "the latest block with its first five transaction hashes",
    ),
    step(
      "bnb-004",
      "get_block_by_number",
      { network: "bsc", blockNumber: "45012225", includeTransactionHashes: false },
      "one block's metadata by number",
    ),
    step(
      "bnb-005",
      "get_block_by_hash",
      { network: "bsc", blockHash: BSC_BLOCK_MISSING },
      "a block hash the chain does not have (the node answers null)",
    ),
    step("bnb-006", "get_transaction", { network: "bsc", txHash: BSC_TX }, "a USDT transfer by hash"),
    step(
      "bnb-007",
      "get_transaction",
      { network: "bsc", txHash: BSC_TX_MISSING },
      "a transaction hash the chain does not have",
    ),
    step(
      "bnb-008",
      "get_transaction",
      { network: "bsc", txHash: BSC_TX_MISSING },
      "the same call again, hash unchanged",
    ),
    step(
      "bnb-009",
      "get_native_balance",
      { network: "bsc", address: BSC_HOLDER },
      "an address's BNB balance",
    ),
    step(
      "bnb-010",
      "get_erc20_token_info",
      { network: "bsc", tokenAddress: BSC_USDT },
      "BSC-USD's token metadata",
    ),
    step(
      "bnb-011",
      "get_erc20_token_info",
      { network: "bsc", tokenAddress: BSC_EOA },
      "token metadata for an address that is a wallet, not a contract",
    ),
    step(
      "bnb-012",
      "get_erc20_balance",
      { network: "bsc", tokenAddress: BSC_USDT, address: BSC_HOLDER },
      "one holder's BSC-USD balance",
    ),
    step("bnb-013", "is_contract", { network: "bsc", address: BSC_EOA }, "whether an address is a contract"),
    step(
      "bnb-014",
      "get_nft_info",
      { network: "bsc", tokenAddress: BSC_NFT, tokenId: "4821" },
      "one NFT's collection, URI and owner",
    ),
    step(
      "bnb-015",
      "read_contract",
      {
        network: "bsc",
        contractAddress: BSC_NFT,
        abi: [
          {
            inputs: [{ name: "tokenId", type: "uint256" }],
            name: "ownerOf",
            outputs: [{ name: "", type: "address" }],
            stateMutability: "view",
            type: "function",
          },
        ],
        functionName: "ownerOf",
        args: ["20001"],
      },
      "ownerOf a token id the collection never minted (the call reverts)",
    ),
    step(
      "bnb-016",
      "get_native_balance",
      { network: "solana", address: BSC_HOLDER },
      "a network the server does not support",
    ),
    step("bnb-017", "get_block_by_number", { network: "bsc" }, "a block lookup without its block number"),
    step(
      "bnb-018",
      "get_chain_info",
      { network: "ethereum" },
      "Ethereum's chain info while the public node's Cloudflare rate limit answers 429 (error 1015, Retry-After 1)",
      flag("rpcRateLimited"),
    ),
    step(
      "bnb-019",
      "get_latest_block",
      { network: "bsc", includeTransactionHashes: false },
      "the latest block while the BSC node answers JSON-RPC -32005 'limit exceeded'",
      flag("rpcLimitExceeded"),
    ),
    step(
      "bnb-020",
      "get_native_balance",
      { network: "polygon", address: BSC_HOLDER },
      "a Polygon balance while Cloudflare's firewall blocks the caller (403, error 1020)",
      flag("rpcForbidden"),
    ),
    step(
      "bnb-021",
      "get_transaction",
      { txHash: BSC_TX_TESTNET },
      "a BSC testnet transaction (the default network) while the node's nginx answers 500",
      flag("rpcServerError"),
    ),
    step(
      "bnb-022",
      "get_block_by_number",
      { network: "bsc", blockNumber: "45012000", includeTransactionHashes: false },
      "a block while Cloudflare in front of the BSC node answers its 502 page",
      flag("rpcBadGateway"),
    ),
    step(
      "bnb-023",
      "get_native_balance",
      { network: "bsc", address: BSC_EOA },
      "a balance while the BSC node cannot be reached",
      down(rpcProxy),
    ),
    step(
      "bnb-024",
      "get_transaction",
      { network: "bsc", txHash: BSC_TX_SLOW },
      "a transaction the node takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "bnb-025",
      "get_token_holders",
      { network: "bsc", tokenAddress: BSC_USDT },
      "a tool the server does not have",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [etherscan, etherscanRevoked, bnb];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  resetCounters();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
    console.error(`RPC requests by host: ${JSON.stringify(rpcHits)}`);
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
