// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - Etherscan's API V2 (`https://api.etherscan.io/v2/api?chainid=…&module=…&action=…&apikey=…`) for
//   @aurracloud/etherscan-mcp, whose base URL is written into it: every answer is HTTP 200 with Etherscan's
//   `{status, message, result}` envelope, errors included ("status": "0"), except what the CDN in front answers.
// - Public EVM JSON-RPC nodes (`bsc-dataseed.binance.org`, `data-seed-prebsc-1-s1.binance.org:8545`,
//   `eth.llamarpc.com`, `polygon-rpc.com`) for @bnb-chain/mcp, whose RPC URLs are written into it: JSON-RPC 2.0 over
//   POST, with Geth's error objects, and the HTTP answers of what sits in front of the nodes (Cloudflare, nginx).
// Both are reached through standin-kit's `forwardProxy` (one per service, so one can be stopped alone):
// proxy-preload.mjs makes Node's fetch follow HTTPS_PROXY, and NODE_EXTRA_CA_CERTS trusts the stand-in certificate.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import path from "node:path";
import {
  certificate,
  clearTimers,
  cloudflare502,
  forwardProxy,
  json,
  later,
  parse,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r30-c";
export const CERT = path.join(DATA, "standin-cert.pem");

export const ES_PROXY_PORT = 42500;
export const RPC_PROXY_PORT = 42501;

const RPC_HOSTS = [
  "bsc-dataseed.binance.org",
  "data-seed-prebsc-1-s1.binance.org",
  "eth.llamarpc.com",
  "polygon-rpc.com",
];

export const ensureCertificate = (): Certificate => certificate(DATA, ["api.etherscan.io", ...RPC_HOSTS]);

export const state = {
  esRateLimited: false,
  esBadGateway: false,
  rpcLimitExceeded: false,
  rpcRateLimited: false,
  rpcServerError: false,
  rpcBadGateway: false,
  rpcForbidden: false,
};

export const unknownRequests: string[] = [];

/** How many requests each RPC host received (the README reports viem's retries from it). */
export const rpcHits: Record<string, number> = {};

// -------------------------------------------------------------------------------------------- Etherscan V2

export const ES_KEY = "QK7N3WZ1X9RB4HYT6MC2VJ8DPF5A0GSE1U";
export const ES_KEY_REVOKED = "8YH2KD0M4QXW7ZN1BT5RC9VJ3PF6GSEA2L";

export const ADDR_VITALIK = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045";
export const ADDR_BINANCE7 = "0xBE0eB53F46cd790Cd13851d5EFf43D12404d33E8";
export const ADDR_KRAKEN4 = "0x267be1C1D684F78cb4F6a176C4911b741E4Ffdc0";
export const ADDR_FRESH = "0x7a3E1c9b0D4f5A6e8B2c1d0F9e8A7b6C5d4E3f21";
export const ADDR_SLOW = "0x5c0FfEe5c0fFEE5C0ffEE5c0FFee5C0ffEE5c0fF";
export const CONTRACT_USDT = "0xdAC17F958D2ee523a2206206994597C13D831ec7";
export const CONTRACT_UNVERIFIED = "0x3f5CE5FBFe3E9af3971dD833D26bA9b5C936f0bE";
export const TX_FAILED = "0x15f8e5ea1079d9a0bb04a4c58ae5fe7654b5b2b4463375ff7ffb490aa0032f3a";

const ok1 = (result: unknown) => ({ status: "1", message: "OK", result });
const notok = (result: string) => ({ status: "0", message: "NOTOK", result });

const USDT_ABI = JSON.stringify([
  {
    constant: true,
    inputs: [],
    name: "name",
    outputs: [{ name: "", type: "string" }],
    payable: false,
    stateMutability: "view",
    type: "function",
  },
  {
    constant: false,
    inputs: [{ name: "_upgradedAddress", type: "address" }],
    name: "deprecate",
    outputs: [],
    payable: false,
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    constant: true,
    inputs: [],
    name: "totalSupply",
    outputs: [{ name: "", type: "uint256" }],
    payable: false,
    stateMutability: "view",
    type: "function",
  },
  {
    constant: true,
    inputs: [{ name: "who", type: "address" }],
    name: "balanceOf",
    outputs: [{ name: "", type: "uint256" }],
    payable: false,
    stateMutability: "view",
    type: "function",
  },
  {
    constant: false,
    inputs: [
      { name: "_to", type: "address" },
      { name: "_value", type: "uint256" },
    ],
    name: "transfer",
    outputs: [],
    payable: false,
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, name: "from", type: "address" },
      { indexed: true, name: "to", type: "address" },
      { indexed: false, name: "value", type: "uint256" },
    ],
    name: "Transfer",
    type: "event",
  },
]);

const USDT_SOURCE = {
  SourceCode:
    "pragma solidity ^0.4.17;\n\n/**\n * @title SafeMath\n * @dev Math operations with safety checks that throw on error\n */\nlibrary SafeMath {\n    function mul(uint256 a, uint256 b) internal pure returns (uint256) {\n        if (a == 0) {\n            return 0;\n        }\n        uint256 c = a * b;\n        assert(c / a == b);\n        return c;\n    }\n}\n\ncontract TetherToken is Pausable, StandardToken, BlackList {\n\n    string public name;\n    string public symbol;\n    uint public decimals;\n    address public upgradedAddress;\n    bool public deprecated;\n\n    function TetherToken(uint _initialSupply, string _name, string _symbol, uint _decimals) public {\n        _totalSupply = _initialSupply;\n        name = _name;\n        symbol = _symbol;\n        decimals = _decimals;\n        balances[owner] = _initialSupply;\n        deprecated = false;\n    }\n}\n",
  ABI: USDT_ABI,
  ContractName: "TetherToken",
  CompilerVersion: "v0.4.18+commit.9cf6e910",
  OptimizationUsed: "0",
  Runs: "200",
  ConstructorArguments:
    "000000000000000000000000000000000000000000000000000000174876e800000000000000000000000000000000000000000000000000000000000000008000000000000000000000000000000000000000000000000000000000000000c00000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000a54657468657220555344000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000045553445400000000000000000000000000000000000000000000000000000000",
  EVMVersion: "Default",
  Library: "",
  LicenseType: "",
  Proxy: "0",
  Implementation: "",
  SwarmSource: "bzzr://645ee12d73db47fd78ba77fa1f824c3c8f9184061b3b10386beb4dc9236abb28",
  SimilarMatch: "",
};

const txlistItem = (
  n: number,
  hash: string,
  from: string,
  to: string,
  value: string,
  input: string,
  fn: string,
) => ({
  blockNumber: String(21_374_000 + n * 1733),
  blockHash: `0x${(n + 7).toString(16).padStart(2, "0")}b2e4c1f09a7d3e5b8c6f2a4d1e9b7c3a5f8e2d4c6b1a9f7e3d5c8b2a4f6e1d9c`,
  timeStamp: String(1_733_500_000 + n * 20_785),
  hash,
  nonce: String(1_402 + n),
  transactionIndex: String(40 + n * 3),
  from,
  to,
  value,
  gas: "21000",
  gasPrice: "9874512330",
  input,
  methodId: input === "0x" ? "0x" : input.slice(0, 10),
  functionName: fn,
  contractAddress: "",
  cumulativeGasUsed: String(3_912_004 + n * 51_220),
  txreceipt_status: "1",
  gasUsed: "21000",
  confirmations: String(412_880 - n * 1733),
  isError: "0",
});

const VITALIK_TXS = [
  txlistItem(
    4,
    "0x9f2c4e1b7d3a5f8e0c6b2d4a1e9f7c3b5a8d2e4f6c1b9a7e3d5f8c2b4a6e1d9f",
    ADDR_VITALIK.toLowerCase(),
    "0x00000000219ab540356cbb839cbe05303d7705fa",
    "32000000000000000000",
    "0x",
    "",
  ),
  txlistItem(
    3,
    "0x2b7e9d4c1a6f3e8b5d2c9a7f4e1b8d5c2a9f6e3b7d4c1a8f5e2b9d6c3a7f4e1b",
    ADDR_VITALIK.toLowerCase(),
    CONTRACT_USDT.toLowerCase(),
    "0",
    "0xa9059cbb000000000000000000000000267be1c1d684f78cb4f6a176c4911b741e4ffdc00000000000000000000000000000000000000000000000000000000ba43b7400",
    "transfer(address _to, uint256 _value)",
  ),
  txlistItem(
    2,
    "0x6d1a8f3e5c2b9d7a4f1e8c5b2d9a6f3e7c4b1d8a5f2e9c6b3d7a4f1e8c5b2d9a",
    "0x1db3439a222c519ab44bb1144fc28167b4fa6ee6",
    ADDR_VITALIK.toLowerCase(),
    "250000000000000000",
    "0x",
    "",
  ),
];

const USDT_TRANSFERS = [
  {
    blockNumber: "21380932",
    timeStamp: "1733583140",
    hash: "0x2b7e9d4c1a6f3e8b5d2c9a7f4e1b8d5c2a9f6e3b7d4c1a8f5e2b9d6c3a7f4e1b",
    nonce: "1405",
    blockHash: "0x0ab2e4c1f09a7d3e5b8c6f2a4d1e9b7c3a5f8e2d4c6b1a9f7e3d5c8b2a4f6e1d9c",
    from: ADDR_VITALIK.toLowerCase(),
    contractAddress: CONTRACT_USDT.toLowerCase(),
    to: ADDR_KRAKEN4.toLowerCase(),
    value: "50000000000",
    tokenName: "Tether USD",
    tokenSymbol: "USDT",
    tokenDecimal: "6",
    transactionIndex: "49",
    gas: "63209",
    gasPrice: "9874512330",
    gasUsed: "41309",
    cumulativeGasUsed: "4065664",
    input: "deprecated",
    methodId: "0xa9059cbb",
    functionName: "transfer(address _to, uint256 _value)",
    confirmations: "407681",
  },
  {
    blockNumber: "21102417",
    timeStamp: "1730221763",
    hash: "0x4e8c2a6f1d9b3e7c5a2f8d4b1e6c9a3f7d2b5e8c1a4f9d6b3e7c2a5f8d1b4e6c",
    nonce: "88213",
    blockHash: "0x5d3f1a9c7e2b4d8f6a1c3e5b7d9f2a4c6e8b1d3f5a7c9e2b4d6f8a1c3e5b7d9f",
    from: "0x28c6c06298d514db089934071355e5743bf21d60",
    contractAddress: CONTRACT_USDT.toLowerCase(),
    to: ADDR_VITALIK.toLowerCase(),
    value: "1200000000",
    tokenName: "Tether USD",
    tokenSymbol: "USDT",
    tokenDecimal: "6",
    transactionIndex: "112",
    gas: "207128",
    gasPrice: "14220913842",
    gasUsed: "46109",
    cumulativeGasUsed: "11908123",
    input: "deprecated",
    methodId: "0xa9059cbb",
    functionName: "transfer(address _to, uint256 _value)",
    confirmations: "686196",
  },
];

const BLOCK_REWARD_2165403 = {
  blockNumber: "2165403",
  timeStamp: "1472533979",
  blockMiner: "0x13a06d3dfe21e0db5c016c03ea7d2509f7f8d1e3",
  blockReward: "5314181600000000000",
  uncles: [
    {
      miner: "0xbcdfc35b86bedf72f0cda046a3c16829a2ef41d1",
      unclePosition: "0",
      blockreward: "3750000000000000000",
    },
    {
      miner: "0x0d0c9855c722ff0c78f21e43aa275a5b8ea60dce",
      unclePosition: "1",
      blockreward: "3750000000000000000",
    },
  ],
  uncleInclusionReward: "312500000000000000",
};

function etherscan(req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
  if (!url.pathname.startsWith("/v2/api")) {
    unknownRequests.push(`ES ${req.method} ${url.pathname}${url.search}`);
    return text(res, 404, "Not Found", "text/html");
  }
  const q = url.searchParams;
  const answer = (body: unknown) => json(res, 200, body, { "cache-control": "private" });
  if (state.esBadGateway)
    return text(res, 502, cloudflare502("api.etherscan.io", "8f0b3c1d2e4a5b6c"), "text/html; charset=UTF-8");
  const key = q.get("apikey") ?? "";
  if (!key) return answer(notok("Missing/Invalid API Key"));
  if (key !== ES_KEY) return answer(notok("Invalid API Key"));
  if (state.esRateLimited) return answer(notok("Max calls per sec rate limit reached (3/sec)"));
  const chain = q.get("chainid") ?? "";
  const known = ["1", "10", "56", "137", "8453", "42161", "11155111"];
  if (!known.includes(chain))
    return answer(
      notok(
        "Missing or unsupported chainid parameter (required for v2 api), please see https://api.etherscan.io/v2/chainlist for the list of supported chainids",
      ),
    );
  // A free key covers Ethereum and the testnets; BNB Smart Chain, Base and others need a paid plan since November 2025.
  if (chain !== "1" && chain !== "11155111")
    return answer(
      notok(
        "Free API access is not supported for this chain. Please upgrade your api plan for full chain coverage. https://etherscan.io/apis",
      ),
    );
  const mod = q.get("module");
  const action = q.get("action");
  const address = (q.get("address") ?? "").toLowerCase();
  const validAddress = (a: string) => /^0x[0-9a-f]{40}$/.test(a);
  const badAddress = () => answer(notok("Error! Invalid address format"));
  switch (`${mod}.${action}`) {
    case "account.balance":
      if (!validAddress(address)) return badAddress();
      if (address === ADDR_SLOW.toLowerCase()) return later(15_000, () => answer(ok1("0")));
      if (address === ADDR_VITALIK.toLowerCase()) return answer(ok1("2372860182918420612938"));
      return answer(ok1("0"));
    case "account.balancemulti": {
      const list = address.split(",");
      if (!list.every(validAddress)) return answer(notok("Error! Invalid multi address format"));
      const balances: Record<string, string> = {
        [ADDR_VITALIK.toLowerCase()]: "2372860182918420612938",
        [ADDR_BINANCE7.toLowerCase()]: "1996008367814627632843911",
        [ADDR_KRAKEN4.toLowerCase()]: "358750286614208837123",
      };
      return answer(ok1(list.map((account) => ({ account, balance: balances[account] ?? "0" }))));
    }
    case "account.txlist":
      if (!validAddress(address)) return badAddress();
      if (address === ADDR_VITALIK.toLowerCase()) {
        const sorted = q.get("sort") === "desc" ? VITALIK_TXS : [...VITALIK_TXS].reverse();
        const offset = Number(q.get("offset") ?? "0");
        return answer(ok1(offset > 0 ? sorted.slice(0, offset) : sorted));
      }
      return answer({ status: "0", message: "No transactions found", result: [] });
    case "account.tokentx":
      if (!validAddress(address)) return badAddress();
      if (address === ADDR_VITALIK.toLowerCase()) return answer(ok1(USDT_TRANSFERS));
      return answer({ status: "0", message: "No transactions found", result: [] });
    case "contract.getabi":
      if (!validAddress(address)) return badAddress();
      if (address === CONTRACT_USDT.toLowerCase()) return answer(ok1(USDT_ABI));
      return answer(notok("Contract source code not verified"));
    case "contract.getsourcecode":
      if (!validAddress(address)) return badAddress();
      if (address === CONTRACT_USDT.toLowerCase()) return answer(ok1([USDT_SOURCE]));
      return answer(
        ok1([
          {
            SourceCode: "",
            ABI: "Contract source code not verified",
            ContractName: "",
            CompilerVersion: "",
            OptimizationUsed: "",
            Runs: "",
            ConstructorArguments: "",
            EVMVersion: "Default",
            Library: "",
            LicenseType: "Unknown",
            Proxy: "0",
            Implementation: "",
            SwarmSource: "",
            SimilarMatch: "",
          },
        ]),
      );
    case "transaction.getstatus":
      if ((q.get("txhash") ?? "").toLowerCase() === TX_FAILED)
        return answer(ok1({ isError: "1", errDescription: "Bad jump destination" }));
      return answer(ok1({ isError: "0", errDescription: "" }));
    case "block.getblockreward": {
      const blockNo = q.get("blockno") ?? "";
      if (!/^\d+$/.test(blockNo)) return answer(notok("Error! Invalid block number"));
      if (blockNo === "2165403") return answer(ok1(BLOCK_REWARD_2165403));
      return answer(
        ok1({ ...BLOCK_REWARD_2165403, blockNumber: blockNo, uncles: [], uncleInclusionReward: "0" }),
      );
    }
    case "logs.getLogs":
      if (!validAddress(address)) return badAddress();
      return answer({ status: "0", message: "No records found", result: [] });
    case "token.tokensupply":
      if ((q.get("contractaddress") ?? "").toLowerCase() === CONTRACT_USDT.toLowerCase())
        return answer(ok1("78999843925183041"));
      return answer(ok1("0"));
    case "token.tokenbalance":
      if (!validAddress((q.get("contractaddress") ?? "").toLowerCase()) || !validAddress(address))
        return badAddress();
      return answer(ok1(address === ADDR_BINANCE7.toLowerCase() ? "402750000000" : "13506000000"));
    case "token.tokenholderlist":
      // An API Pro endpoint: a free key is refused it.
      return answer(
        notok(
          "Sorry, it looks like you are trying to access an API Pro endpoint. Contact us to upgrade to API Pro.",
        ),
      );
  }
  unknownRequests.push(`ES ${req.method} ${url.pathname}${url.search}`);
  return answer(notok("Error! Missing Or invalid Action name"));
}

// ------------------------------------------------------------------------------------------- EVM JSON-RPC

export const BSC_USDT = "0x55d398326f99059fF775485246999027B3197955";
export const BSC_HOLDER = "0x8894E0a0c962CB723c1976a4421c95949bE2D4E3";
export const BSC_EOA = "0x4B16c5dE96EB2117bBE5fd171E4d203624B014aa";
export const BSC_NFT = "0x0a8901b0E25DEb55A87524f0cC164E9644020EBA";
export const BSC_TX = "0x8e3c1a5f7b9d2e4c6a8f1b3d5e7c9a2f4b6d8e1c3a5f7b9d2e4c6a8f1b3d5e7c";
export const BSC_TX_MISSING = "0x0000000000000000000000000000000000000000000000000000000000c0ffee";
export const BSC_TX_SLOW = "0x5105105105105105105105105105105105105105105105105105105105105105";
export const BSC_TX_TESTNET = "0x3a7f1c9e5b2d8a4f6c1e3b9d7a5f2c8e4b6d1a3f9c7e5b2d8a4f6c1e3b9d7a5f";
export const BSC_BLOCK_MISSING = "0x1111111111111111111111111111111111111111111111111111111111111111";

const BSC_HEAD = 45_012_345;
const hex = (n: number | bigint) => `0x${n.toString(16)}`;
const word = (n: bigint) => n.toString(16).padStart(64, "0");
const wordAddress = (a: string) => a.toLowerCase().replace(/^0x/, "").padStart(64, "0");
function abiString(s: string) {
  const bytes = Buffer.from(s, "utf8").toString("hex");
  const padded = bytes.padEnd(Math.ceil(bytes.length / 64) * 64 || 64, "0");
  return `0x${word(32n)}${word(BigInt(bytes.length / 2))}${padded}`;
}
const abiUint = (n: bigint) => `0x${word(n)}`;
/** Solidity's `Error(string)` revert data. */
const revertData = (reason: string) => `0x08c379a0${abiString(reason).slice(2)}`;

function blockHash(n: number) {
  return `0x${n.toString(16).padStart(8, "0")}${"c4e1a9f3b7d25e8a".repeat(3)}${"7f2b".repeat(2)}`;
}

function bscBlock(n: number, txCount: number) {
  const transactions = Array.from(
    { length: txCount },
    (_, i) =>
      `0x${(n + i).toString(16).padStart(8, "0")}${"a1b2c3d4e5f60718".repeat(3)}${i.toString(16).padStart(8, "0")}`,
  );
  return {
    baseFeePerGas: "0x0",
    blobGasUsed: "0x0",
    difficulty: "0x2",
    excessBlobGas: "0x0",
    extraData:
      "0xd883010504846765746888676f312e32332e37856c696e75780000002f7a9e1bf8b5830f8b1bb4d2a9f8c77a3b0e2d1c4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a00",
    gasLimit: "0x4c4b400",
    gasUsed: hex(1_231_877 + txCount * 30_511),
    hash: blockHash(n),
    logsBloom: `0x${"0".repeat(512)}`,
    miner: "0x2465176c461afb316ebc773c61faee85a6515daa",
    mixHash: `0x${"0".repeat(64)}`,
    nonce: "0x0000000000000000",
    number: hex(n),
    parentBeaconBlockRoot: `0x${"0".repeat(64)}`,
    parentHash: blockHash(n - 1),
    receiptsRoot: "0x5f9a1c3e7b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c6e8b0d1f3a",
    sha3Uncles: "0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347",
    size: hex(3_612 + txCount * 140),
    stateRoot: "0x9e7c5a3f1d8b6e4c2a0f9d7b5e3c1a8f6d4b2e0c9a7f5d3b1e8c6a4f2d0b9e7c",
    timestamp: hex(1_765_096_800 + Math.floor((n - BSC_HEAD) * 0.75)),
    totalDifficulty: hex(n * 2),
    transactions,
    transactionsRoot: "0x3c1e5a7f9b2d4e6c8a0f1b3d5e7c9a2f4b6d8e0c1a3f5b7d9e2c4a6f8b0d1e3c",
    uncles: [],
    withdrawals: [],
    withdrawalsRoot: "0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421",
  };
}

const BSC_TX_OBJECT = {
  blockHash: blockHash(BSC_HEAD - 120),
  blockNumber: hex(BSC_HEAD - 120),
  chainId: "0x38",
  from: BSC_HOLDER.toLowerCase(),
  gas: "0x15f90",
  gasPrice: "0x3b9aca00",
  hash: BSC_TX,
  input:
    "0xa9059cbb0000000000000000000000004b16c5de96eb2117bbe5fd171e4d203624b014aa00000000000000000000000000000000000000000000003635c9adc5dea00000",
  nonce: "0x1d4",
  r: "0x6c2f8e4a1b9d3c7e5f0a2b4d6e8c1a3f5b7d9e2c4a6f8b0d1e3c5a7f9b2d4e6c",
  s: "0x1e3c5a7f9b2d4e6c8a0f1b3d5e7c9a2f4b6d8e0c1a3f5b7d9e2c4a6f8b0d1e3",
  to: BSC_USDT.toLowerCase(),
  transactionIndex: "0x2a",
  type: "0x0",
  v: "0x94",
  value: "0x0",
};

const rpcResult = (res: http.ServerResponse, id: unknown, result: unknown) =>
  json(res, 200, { jsonrpc: "2.0", id, result });
const rpcError = (res: http.ServerResponse, id: unknown, error: Record<string, unknown>) =>
  json(res, 200, { jsonrpc: "2.0", id, error });

const NGINX_500 = `<html>
<head><title>500 Internal Server Error</title></head>
<body>
<center><h1>500 Internal Server Error</h1></center>
<hr><center>nginx</center>
</body>
</html>
`;

function evmCall(res: http.ServerResponse, id: unknown, to: string, data: string) {
  const selector = data.slice(0, 10);
  const target = to.toLowerCase();
  if (target === BSC_USDT.toLowerCase()) {
    switch (selector) {
      case "0x06fdde03":
        return rpcResult(res, id, abiString("Tether USD"));
      case "0x95d89b41":
        return rpcResult(res, id, abiString("USDT"));
      case "0x313ce567":
        return rpcResult(res, id, abiUint(18n));
      case "0x18160ddd":
        return rpcResult(res, id, abiUint(6_785_999_999_943_298_107_531_947_581n));
      case "0x70a08231": {
        const owner = `0x${data.slice(34, 74)}`;
        return rpcResult(
          res,
          id,
          abiUint(owner === BSC_HOLDER.toLowerCase() ? 152_750_250_000_000_000_000_000n : 0n),
        );
      }
      case "0xdd62ed3e":
        return rpcResult(res, id, abiUint(0n));
    }
  }
  if (target === BSC_NFT.toLowerCase()) {
    const tokenId = BigInt(`0x${data.slice(10, 74) || "0"}`);
    switch (selector) {
      case "0x06fdde03":
        return rpcResult(res, id, abiString("Pancake Squad"));
      case "0x95d89b41":
        return rpcResult(res, id, abiString("PS"));
      case "0x18160ddd":
        return rpcResult(res, id, abiUint(10_000n));
      case "0xc87b56dd":
      case "0x6352211e":
        if (tokenId > 10_000n)
          return rpcError(res, id, {
            code: 3,
            message: "execution reverted: ERC721: invalid token ID",
            data: revertData("ERC721: invalid token ID"),
          });
        return selector === "0x6352211e"
          ? rpcResult(res, id, `0x${wordAddress(BSC_HOLDER)}`)
          : rpcResult(
              res,
              id,
              abiString(`ipfs://QmZ8Hf4mVeG2tQ9hBc7aZ1d3fP5wX6yK8rN2sT4uV7bM9e/${tokenId}.json`),
            );
    }
  }
  // An account without code: the call succeeds with no return data.
  return rpcResult(res, id, "0x");
}

function rpc(req: http.IncomingMessage, url: URL, host: string, body: string, res: http.ServerResponse) {
  rpcHits[host] = (rpcHits[host] ?? 0) + 1;
  if (req.method !== "POST") {
    unknownRequests.push(`RPC ${host} ${req.method} ${url.pathname}`);
    return text(res, 405, "method not allowed");
  }
  const call = parse(body) as { id?: unknown; method?: string; params?: unknown[] };
  const id = call.id ?? null;
  const params = call.params ?? [];
  if (state.rpcForbidden && host === "polygon-rpc.com")
    return text(res, 403, "error code: 1020", "text/plain; charset=UTF-8", {
      "cf-ray": "8f0c2e4a1b3d5f70-FRA",
    });
  if (state.rpcRateLimited && host === "eth.llamarpc.com")
    return text(res, 429, "error code: 1015", "text/plain; charset=UTF-8", {
      "retry-after": "1",
      "cf-ray": "8f0c2e4a1b3d5f71-FRA",
    });
  if (state.rpcServerError && host === "data-seed-prebsc-1-s1.binance.org")
    return text(res, 500, NGINX_500, "text/html");
  if (state.rpcBadGateway && host === "bsc-dataseed.binance.org")
    return text(
      res,
      502,
      cloudflare502("bsc-dataseed.binance.org", "8f0c2e4a1b3d5f72"),
      "text/html; charset=UTF-8",
    );
  if (state.rpcLimitExceeded && host === "bsc-dataseed.binance.org")
    return rpcError(res, id, { code: -32005, message: "limit exceeded" });
  const chainId =
    host === "eth.llamarpc.com"
      ? 1
      : host === "polygon-rpc.com"
        ? 137
        : host.startsWith("data-seed-prebsc")
          ? 97
          : 56;
  const head =
    chainId === 1 ? 21_781_204 : chainId === 97 ? 55_104_877 : chainId === 137 ? 66_021_453 : BSC_HEAD;
  switch (call.method) {
    case "eth_chainId":
      return rpcResult(res, id, hex(chainId));
    case "eth_blockNumber":
      return rpcResult(res, id, hex(head));
    case "eth_getBlockByNumber": {
      const tag = String(params[0]);
      const n = tag === "latest" ? head : Number.parseInt(tag, 16);
      if (n > head) return rpcResult(res, id, null);
      return rpcResult(res, id, bscBlock(n, n === head ? 143 : 87));
    }
    case "eth_getBlockByHash": {
      const hash = String(params[0]).toLowerCase();
      if (hash === blockHash(BSC_HEAD - 120)) return rpcResult(res, id, bscBlock(BSC_HEAD - 120, 87));
      return rpcResult(res, id, null);
    }
    case "eth_getTransactionByHash": {
      const hash = String(params[0]).toLowerCase();
      if (hash === BSC_TX_SLOW) return later(15_000, () => rpcResult(res, id, null));
      if (hash === BSC_TX) return rpcResult(res, id, BSC_TX_OBJECT);
      if (hash === BSC_TX_TESTNET)
        return rpcResult(res, id, { ...BSC_TX_OBJECT, hash, chainId: "0x61", v: "0xe5" });
      return rpcResult(res, id, null);
    }
    case "eth_getBalance": {
      const who = String(params[0]).toLowerCase();
      if (who === BSC_HOLDER.toLowerCase()) return rpcResult(res, id, hex(18_402_771_300_000_000_000n));
      if (who === BSC_EOA.toLowerCase()) return rpcResult(res, id, hex(731_250_000_000_000n));
      return rpcResult(res, id, "0x0");
    }
    case "eth_getCode": {
      const who = String(params[0]).toLowerCase();
      if (who === BSC_USDT.toLowerCase() || who === BSC_NFT.toLowerCase())
        return rpcResult(
          res,
          id,
          "0x608060405234801561001057600080fd5b50600436106100f55760003560e01c806370a0823111610097",
        );
      return rpcResult(res, id, "0x");
    }
    case "eth_call": {
      const tx = (params[0] ?? {}) as { to?: string; data?: string; input?: string };
      return evmCall(res, id, tx.to ?? "", tx.data ?? tx.input ?? "0x");
    }
  }
  unknownRequests.push(`RPC ${host} ${call.method}`);
  return rpcError(res, id, {
    code: -32601,
    message: `the method ${call.method} does not exist/is not available`,
  });
}

// ------------------------------------------------------------------------------------------------ listeners

function route(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const host = (req.headers.host ?? url.host).split(":")[0]!;
  if (host === "api.etherscan.io") return etherscan(req, url, res);
  if (RPC_HOSTS.includes(host)) return rpc(req, url, host, body, res);
  unknownRequests.push(`${host} ${req.method} ${url.pathname}`);
  text(res, 404, "Not Found");
}

export const esProxy = forwardProxy(ES_PROXY_PORT, ensureCertificate, route);
export const rpcProxy = forwardProxy(RPC_PROXY_PORT, ensureCertificate, route);
export const ALL_STANDINS = [esProxy, rpcProxy];

export function resetCounters() {
  for (const host of Object.keys(rpcHits)) delete rpcHits[host];
}
