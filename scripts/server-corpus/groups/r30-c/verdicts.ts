// Verdicts for group r30-c, written from the captured exchanges (test/fixtures/server-corpus/groups/r30-c.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, silent, tool, wire } from "../../verdict-helpers.js";

const WASTED =
  "The previous call in this session was the same tool with the same arguments and failed non-retryably: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // ------------------------------------------------------------------------------- @aurracloud/etherscan-mcp (stdio)
  // Every tool returns Etherscan's body as pretty JSON text, whatever it says: Etherscan answers its errors with HTTP 200
  // and {"status": "0", "message": "NOTOK", "result": "<reason>"}, so they all arrive as ordinary results. Only what
  // is not JSON (a CDN page) or no answer at all becomes isError ("Error in <tool>: <message>"). "NOTOK" is Etherscan's
  // generic failure word, not a machine code, so these carry no errorCode.
  "es-001": ok("status 1 OK, result '2372860182918420612938' (wei): the balance"),
  "es-002": ok("status 1 OK and the three accounts' balances"),
  "es-003": ok(
    "status 1 OK and the address's three latest transactions; the server's console.log of the request URL on stdout does not reach the response",
  ),
  "es-004": ok(
    "status '0', message 'No transactions found', result []: a transaction list that found nothing (Etherscan's status 0 for an empty list)",
    true,
  ),
  "es-005": ok("status 1 OK and two USDT transfer events of the address"),
  "es-006": ok("status 1 OK and the verified contract's ABI as a JSON string"),
  "es-007": silent(
    "validation",
    null,
    false,
    "ok text '{status: 0, message: NOTOK, result: Contract source code not verified}': the ABI asked for does not exist for that address; the same call fails until someone verifies the source",
  ),
  "es-008": silent(
    "validation",
    null,
    false,
    `the same NOTOK 'Contract source code not verified' as ordinary text. ${WASTED}`,
    true,
  ),
  "es-009": ok("status 1 OK and the contract's source, ABI, compiler and settings"),
  "es-010": ok(
    "status 1 OK, result {isError: '1', errDescription: 'Bad jump destination'}: the status of a transaction that failed on chain, which is the data asked for, not a failure of the call",
  ),
  "es-011": ok("status 1 OK and the block's miner, reward and two uncles"),
  "es-012": ok(
    "status '0', message 'No records found', result []: a log query over a range with no events",
    true,
  ),
  "es-013": ok("status 1 OK, result '78999843925183041': the token supply"),
  "es-014": ok("status 1 OK, result '402750000000': the holder's token balance"),
  "es-015": silent(
    "validation",
    null,
    false,
    "ok text '{status: 0, message: NOTOK, result: Error! Invalid address format}': the address given is malformed (39 hex digits)",
  ),
  "es-016": silent(
    "business",
    null,
    false,
    "ok text NOTOK 'Free API access is not supported for this chain. Please upgrade your api plan for full chain coverage.': the key's plan does not cover BNB Smart Chain; it fails until the plan changes",
  ),
  "es-017": silent(
    "business",
    null,
    false,
    "ok text NOTOK 'Sorry, it looks like you are trying to access an API Pro endpoint. Contact us to upgrade to API Pro.': the endpoint is outside the key's plan",
  ),
  "es-018": silent(
    "validation",
    null,
    false,
    "ok text NOTOK 'Missing or unsupported chainid parameter (required for v2 api) …': the chain id given is not one Etherscan serves",
  ),
  "es-019": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: Invalid arguments for tool …: Expected number, received string at blockNo': the SDK's argument check",
  ),
  "es-020": silent(
    "rate_limited",
    null,
    true,
    "ok text NOTOK 'Max calls per sec rate limit reached (3/sec)': Etherscan's rate limit, answered with HTTP 200 and no Retry-After; the same call succeeds a second later",
  ),
  "es-021": tool(
    "transient",
    null,
    true,
    "isError 'Error in ETHERSCAN_getEthBalanceMulti: Unexpected token '<', \"<!DOCTYPE \"... is not valid JSON': an HTML page where the API's JSON was expected (Cloudflare's 502 page; the status is not shown)",
  ),
  "es-022": wire(
    "transient",
    "timeout",
    true,
    "the client's -32001 'Request timed out' after 3 s: the upstream took 15 s and the server sets no timeout",
  ),
  "es-023": tool(
    "transient",
    null,
    true,
    "isError 'Error in ETHERSCAN_getErc20TokenSupply: fetch failed': Etherscan could not be reached (no error code in the text)",
  ),
  "es-024": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool ETHERSCAN_getTokenInfo not found': the server has no such tool",
  ),
  "es-025": silent(
    "auth",
    null,
    false,
    "ok text '{status: 0, message: NOTOK, result: Invalid API Key}': the key was rejected; every call fails until the key is replaced",
  ),

  // ------------------------------------------------------------------------------------------ @bnb-chain/mcp (stdio)
  // The server's error helper returns 'Error <operation>: <viem's message>' as an ordinary text result, without
  // isError, so every upstream failure is a silent one. viem's messages quote the HTTP status of an HTTP failure
  // ("Status: 429") but not the JSON-RPC error code of an RPC error. Its transport retries 403/408/413/429/5xx,
  // -32005 and -32603 and network failures three times (honouring Retry-After) before the server sees the error.
  "bnb-001": ok("the list of supported network names"),
  "bnb-002": ok("chainId 56, blockNumber 45012345 and the RPC URL"),
  "bnb-003": ok("the latest block's number, hash, gas, 143 transactions and the first five hashes"),
  "bnb-004": ok("the block's metadata and transactionCount 87"),
  "bnb-005": silent(
    "validation",
    null,
    false,
    "ok text 'Error fetching block by hash: Block at hash \"0x1111…\" could not be found.': the block named does not exist",
  ),
  "bnb-006": ok("the transaction's from, to, input, gas and nonce"),
  "bnb-007": silent(
    "validation",
    null,
    false,
    "ok text 'Error fetching transaction 0x…c0ffee: Transaction with hash \"0x…c0ffee\" could not be found.': the transaction named does not exist",
  ),
  "bnb-008": silent(
    "validation",
    null,
    false,
    `the same ok text 'Transaction with hash … could not be found.'. ${WASTED}`,
    true,
  ),
  "bnb-009": ok("raw 18402771300000000000, formatted 18.4027713 BNB"),
  "bnb-010": ok("name Tether USD, symbol USDT, decimals 18 and the total supply"),
  "bnb-011": silent(
    "validation",
    null,
    false,
    "ok text 'Error fetching ERC20 token info: Token address is not a contract': the address given is a wallet, so there is no token to describe",
  ),
  "bnb-012": ok("the holder's USDT balance, raw and formatted"),
  "bnb-013": ok("isContract false, type EOA: the answer to the question asked"),
  "bnb-014": ok("the NFT's collection name, symbol, token URI, owner and supply"),
  "bnb-015": silent(
    "validation",
    null,
    false,
    "ok text 'Error reading contract: The contract function \"ownerOf\" reverted with the following reason: ERC721: invalid token ID …': the token id named does not exist, so the read failed",
  ),
  "bnb-016": silent(
    "validation",
    null,
    false,
    "ok text 'Error fetching native token balance: Unsupported network: solana': the network argument is not one the server supports",
  ),
  "bnb-017": rpc(
    "validation",
    "-32602",
    false,
    "JSON-RPC -32602 'Invalid arguments for tool get_block_by_number: [invalid_type … path blockNumber, Required]': a required argument is missing",
  ),
  "bnb-018": silent(
    "rate_limited",
    "http_429",
    true,
    "ok text 'Error fetching chain info: HTTP request failed. Status: 429 URL: https://eth.llamarpc.com … Details: \"error code: 1015\"': Cloudflare's rate limit in front of the public node (viem retried it three times after Retry-After)",
  ),
  "bnb-019": silent(
    "rate_limited",
    null,
    true,
    "ok text 'Error fetching latest block: Request exceeds defined limit. … Details: limit exceeded': the node's JSON-RPC -32005 limit error, its code not shown; read as a rate limit, retryable",
  ),
  "bnb-020": silent(
    "permission",
    "http_403",
    false,
    "ok text 'Error fetching native token balance: HTTP request failed. Status: 403 URL: https://polygon-rpc.com … Details: \"error code: 1020\"': Cloudflare's firewall refuses the caller; the same call fails until the rule changes",
  ),
  "bnb-021": silent(
    "internal",
    "http_500",
    true,
    "ok text 'Error fetching transaction …: HTTP request failed. Status: 500 URL: https://data-seed-prebsc-1-s1.binance.org:8545 … Details: nginx 500 page': the node's server error",
  ),
  "bnb-022": silent(
    "transient",
    "http_502",
    true,
    "ok text 'Error fetching block by number: HTTP request failed. Status: 502 … Details: <Cloudflare 502 page>': a bad gateway in front of the node",
  ),
  "bnb-023": silent(
    "transient",
    null,
    true,
    "ok text 'Error fetching native token balance: HTTP request failed. URL: https://bsc-dataseed.binance.org … Details: fetch failed': the node could not be reached (no status, no error code)",
  ),
  "bnb-024": wire(
    "transient",
    "timeout",
    true,
    "the client's -32001 'Request timed out' after 3 s: the node took 15 s (viem's own timeout is 10 s)",
  ),
  "bnb-025": rpc(
    "unknown_tool",
    "-32602",
    false,
    "JSON-RPC -32602 'Tool get_token_holders not found': the words decide over the generic invalid-params code",
  ),
};
