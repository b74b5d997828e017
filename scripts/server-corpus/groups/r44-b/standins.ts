// Loopback stand-ins for group r44-b.
//
// yahoo-finance-mcp calls Yahoo Finance through yahoo-finance2, whose hosts are written into it: the cookie page
// https://finance.yahoo.com/quote/AAPL, the crumb at https://query1.finance.yahoo.com/v1/test/getcrumb, and the
// JSON endpoints at https://query2.finance.yahoo.com/… (v7 quote, v8 chart, v1 search, v10 quoteSummary, v6
// recommendationsbysymbol, v1 trending, v1 screener). It uses Node's built-in fetch, which proxy-preload.mjs routes
// through undici's ProxyAgent to the forward proxy on 45750; the proxy terminates the CONNECT tunnel with the
// stand-in certificate, trusted by NODE_EXTRA_CA_CERTS.
//
// alphavantage-stock-mcp calls https://www.alphavantage.co/query with axios, which follows HTTPS_PROXY itself and
// sends the absolute URL to the forward proxy on 45751 (no tunnel).
//
// README.md says where each body's shape comes from. `state` is switched by the sessions' hooks.

import type http from "node:http";
import {
  certificate,
  clearTimers,
  forwardProxy,
  json,
  later,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r44-b";

export const YAHOO_PROXY_PORT = 45750;
export const AV_PROXY_PORT = 45751;

export const CERT = `${DATA}/standin-cert.pem`;
export const ensureCertificate = (): Certificate =>
  certificate(DATA, [
    "finance.yahoo.com",
    "query1.finance.yahoo.com",
    "query2.finance.yahoo.com",
    "guce.yahoo.com",
    "www.alphavantage.co",
  ]);

export const AV_KEY = "QW7RZ2N4K8T1VBXE";
export const AV_BAD_KEY = "QW7RZ2N4K8T1VBXF";

export const state = {
  yfCrumbLimited: false,
  yfInvalidCrumb: false,
  yfRateLimited: false,
  yfUnavailable: false,
  yfSlow: false,
  avMinuteLimit: false,
  avDailyLimit: false,
  avServerError: false,
  avBadGateway: false,
  avSlow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── Yahoo Finance ──────────────────────────────────────────────────────────────────────────────────────────────────

const CRUMB = "hT3mQ8wZ2rK";
const NOW = 1796763600; // 2026-12-08T21:00:00Z, a Tuesday's close

const equity = (
  symbol: string,
  shortName: string,
  longName: string,
  price: number,
  change: number,
  previousClose: number,
  volume: number,
  marketCap: number,
  extra: Record<string, unknown> = {},
) => ({
  language: "en-US",
  region: "US",
  quoteType: "EQUITY",
  typeDisp: "Equity",
  quoteSourceName: "Nasdaq Real Time Price",
  triggerable: true,
  customPriceAlertConfidence: "HIGH",
  currency: "USD",
  marketState: "POSTPOST",
  exchange: "NMS",
  shortName,
  longName,
  messageBoardId: `finmb_${symbol.toLowerCase()}`,
  exchangeTimezoneName: "America/New_York",
  exchangeTimezoneShortName: "EST",
  gmtOffSetMilliseconds: -18000000,
  market: "us_market",
  esgPopulated: false,
  regularMarketChangePercent: Math.round((change / previousClose) * 1e6) / 1e4,
  regularMarketPrice: price,
  hasPrePostMarketData: true,
  firstTradeDateMilliseconds: 345479400000,
  priceHint: 2,
  regularMarketChange: change,
  regularMarketTime: NOW,
  regularMarketDayHigh: Math.round((price + 1.84) * 100) / 100,
  regularMarketDayRange: `${Math.round((price - 2.11) * 100) / 100} - ${Math.round((price + 1.84) * 100) / 100}`,
  regularMarketDayLow: Math.round((price - 2.11) * 100) / 100,
  regularMarketVolume: volume,
  regularMarketPreviousClose: previousClose,
  bid: Math.round((price - 0.04) * 100) / 100,
  ask: Math.round((price + 0.05) * 100) / 100,
  bidSize: 3,
  askSize: 4,
  fullExchangeName: "NasdaqGS",
  financialCurrency: "USD",
  regularMarketOpen: Math.round((previousClose + 0.62) * 100) / 100,
  averageDailyVolume3Month: Math.round(volume * 1.08),
  averageDailyVolume10Day: Math.round(volume * 0.97),
  fiftyTwoWeekLowChange: 61.12,
  fiftyTwoWeekRange: `${Math.round(price * 0.7 * 100) / 100} - ${Math.round(price * 1.04 * 100) / 100}`,
  fiftyTwoWeekHighChange: -Math.round(price * 0.04 * 100) / 100,
  fiftyTwoWeekLow: Math.round(price * 0.7 * 100) / 100,
  fiftyTwoWeekHigh: Math.round(price * 1.04 * 100) / 100,
  fiftyTwoWeekLowChangePercent: 0.4286,
  fiftyTwoWeekHighChangePercent: -0.0385,
  fiftyTwoWeekChangePercent: 21.73,
  fiftyDayAverage: Math.round(price * 0.95 * 100) / 100,
  fiftyDayAverageChange: Math.round(price * 0.05 * 100) / 100,
  fiftyDayAverageChangePercent: 0.0526,
  twoHundredDayAverage: Math.round(price * 0.83 * 100) / 100,
  twoHundredDayAverageChange: Math.round(price * 0.17 * 100) / 100,
  twoHundredDayAverageChangePercent: 0.2048,
  trailingPE: 36.41,
  epsTrailingTwelveMonths: Math.round((price / 36.41) * 100) / 100,
  sharesOutstanding: Math.round(marketCap / price),
  marketCap,
  sourceInterval: 15,
  exchangeDataDelayedBy: 0,
  tradeable: false,
  cryptoTradeable: false,
  displayName: shortName.split(" ")[0],
  symbol,
  ...extra,
});

const index = (symbol: string, shortName: string, price: number, change: number, previousClose: number) => ({
  language: "en-US",
  region: "US",
  quoteType: "INDEX",
  typeDisp: "Index",
  quoteSourceName: "Delayed Quote",
  triggerable: true,
  customPriceAlertConfidence: "HIGH",
  currency: "USD",
  marketState: "POSTPOST",
  exchange: symbol === "^DJI" ? "DJI" : symbol === "^GSPC" || symbol === "^VIX" ? "SNP" : "NIM",
  shortName,
  exchangeTimezoneName: "America/New_York",
  exchangeTimezoneShortName: "EST",
  gmtOffSetMilliseconds: -18000000,
  market: "us_market",
  esgPopulated: false,
  regularMarketChangePercent: Math.round((change / previousClose) * 1e6) / 1e4,
  regularMarketPrice: price,
  hasPrePostMarketData: false,
  firstTradeDateMilliseconds: -1325583000000,
  priceHint: 2,
  regularMarketChange: change,
  regularMarketTime: NOW,
  regularMarketPreviousClose: previousClose,
  fullExchangeName:
    symbol === "^DJI" ? "DJI" : symbol === "^GSPC" || symbol === "^VIX" ? "SNP" : "Nasdaq GIDS",
  sourceInterval: 15,
  exchangeDataDelayedBy: 0,
  tradeable: false,
  cryptoTradeable: false,
  symbol,
});

const QUOTES: Record<string, unknown> = {
  AAPL: equity("AAPL", "Apple Inc.", "Apple Inc.", 281.62, 3.84, 277.78, 46218345, 4178533310464),
  MSFT: equity(
    "MSFT",
    "Microsoft Corporation",
    "Microsoft Corporation",
    492.17,
    -2.41,
    494.58,
    18844102,
    3658406182912,
  ),
  NVDA: equity(
    "NVDA",
    "NVIDIA Corporation",
    "NVIDIA Corporation",
    183.4,
    1.96,
    181.44,
    171302588,
    4467282001920,
  ),
  "^GSPC": index("^GSPC", "S&P 500", 6846.51, 18.92, 6827.59),
  "^DJI": index("^DJI", "Dow Jones Industrial Average", 47954.99, 104.05, 47850.94),
  "^IXIC": index("^IXIC", "NASDAQ Composite", 23578.13, 72.99, 23505.14),
  "^RUT": index("^RUT", "Russell 2000", 2521.48, -9.7, 2531.18),
  "^VIX": index("^VIX", "CBOE Volatility Index", 15.41, -0.37, 15.78),
};

function yfError(res: http.ServerResponse, status: number, root: string, code: string, description: string) {
  json(res, status, { [root]: { result: null, error: { code, description } } });
}

const DAY = 86400;
function chartBody(symbol: string, period1: number, period2: number) {
  const q = QUOTES[symbol] as Record<string, number> | undefined;
  const close = q?.regularMarketPrice ?? 100;
  const timestamps: number[] = [];
  // Trading days (Mon–Fri) at the open, 14:30 UTC, between period1 and period2.
  for (let t = Math.floor(period1 / DAY) * DAY + 52200; t < period2 && timestamps.length < 40; t += DAY) {
    const weekday = new Date(t * 1000).getUTCDay();
    if (weekday !== 0 && weekday !== 6) timestamps.push(t);
  }
  const n = timestamps.length;
  const closes = timestamps.map(
    (_, i) => Math.round((close - (n - 1 - i) * 0.73 + Math.sin(i) * 2.1) * 100) / 100,
  );
  const opens = closes.map((c, i) => Math.round((c - Math.cos(i) * 1.2) * 100) / 100);
  const highs = closes.map((c, i) => Math.round((Math.max(c, opens[i]!) + 1.37) * 100) / 100);
  const lows = closes.map((c, i) => Math.round((Math.min(c, opens[i]!) - 1.18) * 100) / 100);
  const volumes = closes.map((_, i) => 38000000 + ((i * 7919) % 13) * 1250000);
  return {
    chart: {
      result: [
        {
          meta: {
            currency: "USD",
            symbol,
            exchangeName: "NMS",
            fullExchangeName: "NasdaqGS",
            instrumentType: "EQUITY",
            firstTradeDate: 345479400,
            regularMarketTime: NOW,
            hasPrePostMarketData: true,
            gmtoffset: -18000,
            timezone: "EST",
            exchangeTimezoneName: "America/New_York",
            regularMarketPrice: close,
            fiftyTwoWeekHigh: Math.round(close * 1.04 * 100) / 100,
            fiftyTwoWeekLow: Math.round(close * 0.7 * 100) / 100,
            regularMarketDayHigh: Math.round((close + 1.84) * 100) / 100,
            regularMarketDayLow: Math.round((close - 2.11) * 100) / 100,
            regularMarketVolume: 46218345,
            longName: (q as unknown as Record<string, string> | undefined)?.longName ?? symbol,
            shortName: (q as unknown as Record<string, string> | undefined)?.shortName ?? symbol,
            chartPreviousClose: Math.round((closes[0] ?? close) * 0.99 * 100) / 100,
            priceHint: 2,
            currentTradingPeriod: {
              pre: { timezone: "EST", start: 1796720400, end: 1796740200, gmtoffset: -18000 },
              regular: { timezone: "EST", start: 1796740200, end: 1796763600, gmtoffset: -18000 },
              post: { timezone: "EST", start: 1796763600, end: 1796778000, gmtoffset: -18000 },
            },
            dataGranularity: "1d",
            range: "",
            validRanges: ["1d", "5d", "1mo", "3mo", "6mo", "1y", "2y", "5y", "10y", "ytd", "max"],
          },
          timestamp: timestamps,
          events:
            symbol === "AAPL"
              ? {
                  dividends: {
                    "1794321000": { amount: 0.26, date: 1794321000 },
                  },
                }
              : undefined,
          indicators: {
            quote: [{ open: opens, close: closes, high: highs, volume: volumes, low: lows }],
            adjclose: [{ adjclose: closes }],
          },
        },
      ],
      error: null,
    },
  };
}

const searchQuote = (
  symbol: string,
  shortname: string,
  longname: string,
  exchange: string,
  exchDisp: string,
  score: number,
) => ({
  exchange,
  shortname,
  quoteType: "EQUITY",
  symbol,
  index: "quotes",
  score,
  typeDisp: "Equity",
  longname,
  exchDisp,
  sector: "Consumer Cyclical",
  sectorDisp: "Consumer Cyclical",
  industry: "Auto Manufacturers",
  industryDisp: "Auto Manufacturers",
  isYahooFinance: true,
});

const newsItem = (uuid: string, title: string, publisher: string, ts: number, tickers: string[]) => ({
  uuid,
  title,
  publisher,
  link: `https://finance.yahoo.com/news/${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/-$/, "")}-${ts}.html`,
  providerPublishTime: ts,
  type: "STORY",
  relatedTickers: tickers,
});

function searchBody(q: string, newsCount: number) {
  const needle = q.toLowerCase();
  const quotes = needle.includes("tesla")
    ? [
        searchQuote("TSLA", "Tesla, Inc.", "Tesla, Inc.", "NMS", "NASDAQ", 2914600),
        searchQuote("TSLA.MX", "TESLA INC", "Tesla, Inc.", "MEX", "Mexico", 20062),
        searchQuote("TL0.DE", "TESLA INC. DL -,001", "Tesla, Inc.", "GER", "XETRA", 20044),
      ]
    : needle.includes("nvidia")
      ? [
          {
            ...searchQuote("NVDA", "NVIDIA Corporation", "NVIDIA Corporation", "NMS", "NASDAQ", 2488500),
            sector: "Technology",
            sectorDisp: "Technology",
            industry: "Semiconductors",
            industryDisp: "Semiconductors",
          },
        ]
      : [];
  const allNews = needle.includes("nvidia")
    ? [
        newsItem(
          "8b1c7f2e-0a3d-3c41-9e55-0f4d8a2b6c11",
          "Nvidia's data-center revenue beats again as Blackwell ramps",
          "Reuters",
          1796731020,
          ["NVDA"],
        ),
        newsItem(
          "2f6d9a10-7c4b-3e2a-8d1f-5b0c3e9a7d42",
          "What Nvidia's earnings mean for the rest of the chip sector",
          "Yahoo Finance",
          1796724300,
          ["NVDA", "AMD", "AVGO"],
        ),
        newsItem(
          "c4e8b2a7-1f9d-3a60-b7c2-9e1d4f6a0b83",
          "Nvidia guides fourth-quarter revenue above estimates",
          "Bloomberg",
          1796717640,
          ["NVDA"],
        ),
      ]
    : needle.includes("tesla")
      ? [
          newsItem(
            "5a0e3c9b-8d2f-3b17-a4c6-2d7e9f1b0c54",
            "Tesla deliveries preview: what Wall Street expects",
            "Barrons.com",
            1796726400,
            ["TSLA"],
          ),
        ]
      : [];
  return {
    explains: [],
    count: quotes.length + Math.min(newsCount, allNews.length),
    quotes,
    news: allNews.slice(0, newsCount),
    nav: [],
    lists: [],
    researchReports: [],
    screenerFieldResults: [],
    totalTime: 31,
    timeTakenForQuotes: 412,
    timeTakenForNews: 600,
    timeTakenForAlgowatchlist: 400,
    timeTakenForPredefinedScreener: 400,
    timeTakenForCrunchbase: 0,
    timeTakenForNav: 400,
    timeTakenForResearchReports: 0,
    timeTakenForScreenerField: 0,
    timeTakenForCulturalAssets: 0,
    timeTakenForSearchLists: 0,
  };
}

const raw = (value: number, fmt: string) => ({ raw: value, fmt });

const SUMMARY_MODULES: Record<string, Record<string, unknown>> = {
  price: {
    maxAge: 1,
    postMarketChangePercent: raw(0.00071, "0.07%"),
    postMarketChange: raw(0.2, "0.20"),
    postMarketTime: 1796777997,
    postMarketPrice: raw(281.82, "281.82"),
    postMarketSource: "FREE_REALTIME",
    regularMarketChangePercent: raw(0.013824, "1.38%"),
    regularMarketChange: raw(3.84, "3.84"),
    regularMarketTime: NOW,
    priceHint: raw(2, "2"),
    regularMarketPrice: raw(281.62, "281.62"),
    regularMarketDayHigh: raw(283.46, "283.46"),
    regularMarketDayLow: raw(279.51, "279.51"),
    regularMarketVolume: raw(46218345, "46.22M"),
    regularMarketPreviousClose: raw(277.78, "277.78"),
    regularMarketSource: "FREE_REALTIME",
    regularMarketOpen: raw(278.4, "278.40"),
    exchange: "NMS",
    exchangeName: "NasdaqGS",
    exchangeDataDelayedBy: 0,
    marketState: "POSTPOST",
    quoteType: "EQUITY",
    symbol: "AAPL",
    underlyingSymbol: null,
    shortName: "Apple Inc.",
    longName: "Apple Inc.",
    currency: "USD",
    quoteSourceName: "Nasdaq Real Time Price",
    currencySymbol: "$",
    fromCurrency: null,
    toCurrency: null,
    lastMarket: null,
    marketCap: raw(4178533310464, "4.18T"),
  },
  summaryDetail: {
    maxAge: 1,
    priceHint: raw(2, "2"),
    previousClose: raw(277.78, "277.78"),
    open: raw(278.4, "278.40"),
    dayLow: raw(279.51, "279.51"),
    dayHigh: raw(283.46, "283.46"),
    regularMarketPreviousClose: raw(277.78, "277.78"),
    regularMarketOpen: raw(278.4, "278.40"),
    regularMarketDayLow: raw(279.51, "279.51"),
    regularMarketDayHigh: raw(283.46, "283.46"),
    dividendRate: raw(1.04, "1.04"),
    dividendYield: raw(0.0037, "0.37%"),
    exDividendDate: raw(1794268800, "2026-11-09"),
    payoutRatio: raw(0.1367, "13.67%"),
    fiveYearAvgDividendYield: raw(0.52, "0.52"),
    beta: raw(1.109, "1.11"),
    trailingPE: raw(36.41, "36.41"),
    forwardPE: raw(30.87, "30.87"),
    volume: raw(46218345, "46.22M"),
    regularMarketVolume: raw(46218345, "46.22M"),
    averageVolume: raw(49915812, "49.92M"),
    averageVolume10days: raw(44831794, "44.83M"),
    averageDailyVolume10Day: raw(44831794, "44.83M"),
    bid: raw(281.58, "281.58"),
    ask: raw(281.67, "281.67"),
    bidSize: raw(300, "300"),
    askSize: raw(400, "400"),
    marketCap: raw(4178533310464, "4.18T"),
    fiftyTwoWeekLow: raw(169.21, "169.21"),
    fiftyTwoWeekHigh: raw(288.62, "288.62"),
    priceToSalesTrailing12Months: raw(10.03, "10.03"),
    fiftyDayAverage: raw(266.93, "266.93"),
    twoHundredDayAverage: raw(232.15, "232.15"),
    trailingAnnualDividendRate: raw(1.03, "1.03"),
    trailingAnnualDividendYield: raw(0.00371, "0.37%"),
    currency: "USD",
    fromCurrency: null,
    toCurrency: null,
    lastMarket: null,
    coinMarketCapLink: null,
    algorithm: null,
    tradeable: false,
  },
  financialData: {
    maxAge: 86400,
    currentPrice: raw(281.62, "281.62"),
    targetHighPrice: raw(345, "345.00"),
    targetLowPrice: raw(215, "215.00"),
    targetMeanPrice: raw(291.84, "291.84"),
    targetMedianPrice: raw(300, "300.00"),
    recommendationMean: raw(2.0, "2.00"),
    recommendationKey: "buy",
    numberOfAnalystOpinions: raw(41, "41"),
    totalCash: raw(54697000960, "54.7B"),
    totalCashPerShare: raw(3.698, "3.70"),
    ebitda: raw(144748003328, "144.75B"),
    totalDebt: raw(112377004032, "112.38B"),
    quickRatio: raw(0.771, "0.77"),
    currentRatio: raw(0.893, "0.89"),
    totalRevenue: raw(416161005568, "416.16B"),
    debtToEquity: raw(152.411, "152.41%"),
    revenuePerShare: raw(27.84, "27.84"),
    returnOnAssets: raw(0.24546, "24.55%"),
    returnOnEquity: raw(1.71422, "171.42%"),
    grossProfits: raw(195200999424, "195.2B"),
    freeCashflow: raw(78862254080, "78.86B"),
    operatingCashflow: raw(111482003456, "111.48B"),
    earningsGrowth: raw(0.912, "91.20%"),
    revenueGrowth: raw(0.079, "7.90%"),
    grossMargins: raw(0.46905, "46.91%"),
    ebitdaMargins: raw(0.34782, "34.78%"),
    operatingMargins: raw(0.31647, "31.65%"),
    profitMargins: raw(0.26915, "26.92%"),
    financialCurrency: "USD",
  },
  defaultKeyStatistics: {
    maxAge: 1,
    priceHint: raw(2, "2"),
    enterpriseValue: raw(4236213321728, "4.24T"),
    forwardPE: raw(30.87, "30.87"),
    profitMargins: raw(0.26915, "26.92%"),
    floatShares: raw(14776353487, "14.78B"),
    sharesOutstanding: raw(14776353000, "14.78B"),
    sharesShort: raw(129510020, "129.51M"),
    heldPercentInsiders: raw(0.01702, "1.70%"),
    heldPercentInstitutions: raw(0.64218, "64.22%"),
    shortRatio: raw(2.61, "2.61"),
    beta: raw(1.109, "1.11"),
    category: null,
    bookValue: raw(4.991, "4.99"),
    priceToBook: raw(56.43, "56.43"),
    fundFamily: null,
    legalType: null,
    lastFiscalYearEnd: raw(1790467200, "2026-09-26"),
    nextFiscalYearEnd: raw(1790467200, "2027-09-25"),
    mostRecentQuarter: raw(1790467200, "2026-09-26"),
    netIncomeToCommon: raw(112010002432, "112.01B"),
    trailingEps: raw(7.46, "7.46"),
    forwardEps: raw(9.12, "9.12"),
    lastSplitFactor: "4:1",
    lastSplitDate: raw(1598832000, "2020-08-31"),
    enterpriseToRevenue: raw(10.18, "10.18"),
    enterpriseToEbitda: raw(29.27, "29.27"),
    "52WeekChange": raw(0.1563, "15.63%"),
    SandP52WeekChange: raw(0.1419, "14.19%"),
    lastDividendValue: raw(0.26, "0.26"),
    lastDividendDate: raw(1794268800, "2026-11-09"),
  },
  assetProfile: {
    address1: "One Apple Park Way",
    city: "Cupertino",
    state: "CA",
    zip: "95014",
    country: "United States",
    phone: "(408) 996-1010",
    website: "https://www.apple.com",
    industry: "Consumer Electronics",
    industryKey: "consumer-electronics",
    industryDisp: "Consumer Electronics",
    sector: "Technology",
    sectorKey: "technology",
    sectorDisp: "Technology",
    longBusinessSummary:
      "Apple Inc. designs, manufactures, and markets smartphones, personal computers, tablets, wearables, and accessories worldwide.",
    fullTimeEmployees: 166000,
    companyOfficers: [
      {
        maxAge: 1,
        name: "Mr. Timothy D. Cook",
        age: 64,
        title: "CEO & Director",
        yearBorn: 1961,
        fiscalYear: 2026,
        totalPay: raw(16759518, "16.76M"),
        exercisedValue: raw(0, "0"),
        unexercisedValue: raw(0, "0"),
      },
    ],
    auditRisk: 7,
    boardRisk: 1,
    compensationRisk: 3,
    shareHolderRightsRisk: 1,
    overallRisk: 1,
    governanceEpochDate: 1796083200,
    compensationAsOfEpochDate: 1798675200,
    irWebsite: "http://investor.apple.com/",
    maxAge: 86400,
  },
  calendarEvents: {
    maxAge: 1,
    earnings: {
      earningsDate: [raw(1801256400, "2027-01-28")],
      earningsCallDate: [raw(1801260000, "2027-01-28")],
      isEarningsDateEstimate: true,
      earningsAverage: raw(2.65, "2.65"),
      earningsLow: raw(2.49, "2.49"),
      earningsHigh: raw(2.82, "2.82"),
      revenueAverage: raw(137935290000, "137.94B"),
      revenueLow: raw(135000000000, "135B"),
      revenueHigh: raw(141235000000, "141.24B"),
    },
    exDividendDate: raw(1794268800, "2026-11-09"),
    dividendDate: raw(1794614400, "2026-11-13"),
  },
};

const RECOMMENDED = {
  finance: {
    result: [
      {
        symbol: "AAPL",
        recommendedSymbols: [
          { symbol: "AMZN", score: 0.274421 },
          { symbol: "GOOG", score: 0.23197 },
          { symbol: "META", score: 0.225153 },
          { symbol: "MSFT", score: 0.219308 },
          { symbol: "NFLX", score: 0.189342 },
        ],
      },
    ],
    error: null,
  },
};

const TRENDING = {
  finance: {
    result: [
      {
        count: 6,
        quotes: [
          { symbol: "ORCL" },
          { symbol: "AVGO" },
          { symbol: "NVDA" },
          { symbol: "PLTR" },
          { symbol: "COST" },
          { symbol: "^IXIC" },
        ],
        jobTimestamp: 1796765412031,
        startInterval: 202612082000,
      },
    ],
    error: null,
  },
};

function screenerBody(scrId: string, count: number) {
  const gainers = [
    equity("CRWV", "CoreWeave, Inc.", "CoreWeave, Inc.", 104.77, 14.63, 90.14, 58214009, 51317600256),
    equity(
      "SMCI",
      "Super Micro Computer, Inc.",
      "Super Micro Computer, Inc.",
      39.84,
      4.12,
      35.72,
      41988230,
      23650580480,
    ),
    equity(
      "HOOD",
      "Robinhood Markets, Inc.",
      "Robinhood Markets, Inc.",
      138.56,
      11.02,
      127.54,
      39114822,
      123144503296,
    ),
    equity(
      "MRVL",
      "Marvell Technology, Inc.",
      "Marvell Technology, Inc.",
      97.25,
      7.31,
      89.94,
      30871456,
      83870277632,
    ),
    equity(
      "APP",
      "AppLovin Corporation",
      "AppLovin Corporation",
      702.12,
      48.3,
      653.82,
      6012558,
      237526867968,
    ),
    equity(
      "SOFI",
      "SoFi Technologies, Inc.",
      "SoFi Technologies, Inc.",
      29.4,
      1.86,
      27.54,
      72419007,
      35217440768,
    ),
  ];
  const quotes = gainers.slice(0, count);
  return {
    finance: {
      result: [
        {
          id: "8d0ab6e1-6ac0-4b5c-9c1b-2f4cd4f0e3a1",
          title: "Day Gainers",
          description:
            "Stocks ordered in descending order by price percent change greater than 3% with respect to the previous close",
          canonicalName: scrId.toUpperCase(),
          criteriaMeta: {
            includeFields: [
              "ticker",
              "companyshortname",
              "intradayprice",
              "intradaypricechange",
              "percentchange",
              "dayvolume",
              "avgdailyvol3m",
              "intradaymarketcap",
              "peratio.lasttwelvemonths",
              "fiftytwowkpercentchange",
            ],
            size: count,
            offset: 0,
            sortField: "percentchange",
            sortType: "DESC",
            quoteType: "EQUITY",
            criteria: [],
            topOperator: "AND",
          },
          rawCriteria: "{}",
          start: 0,
          count: quotes.length,
          total: 112,
          quotes,
          useRecords: false,
          predefinedScr: true,
          versionId: 41,
          creationDate: 1565219467000,
          lastUpdated: 1796765405000,
          isPremium: false,
          iconUrl: "https://s.yimg.com/ny/api/res/1.2/stocks-day-gainers.png",
        },
      ],
      error: null,
    },
  };
}

const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="en-us">
  <head>
    <meta http-equiv="content-type" content="text/html; charset=UTF-8">
    <meta charset="utf-8">
    <title>Yahoo</title>
    <meta name="viewport" content="width=device-width,initial-scale=1,minimal-ui">
    <meta http-equiv="X-UA-Compatible" content="IE=edge,chrome=1">
  </head>
  <body>
  <div id="message-1">
    <h2>Will be right back...</h2>
    <p id="message-1">Thank you for your patience.</p>
    <p id="message-2">Our engineers are working quickly to resolve the issue.</p>
  </div>
  </body>
</html>
`;

function yahoo(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  const host = url.hostname;
  seen.push(`${req.method} ${host}${url.pathname}${url.search}`);
  if (host === "finance.yahoo.com" && url.pathname.startsWith("/quote/")) {
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "set-cookie": [
        "A1=d=AQABBKl9NmkCEJ3lb2yN8wW7r1Qx&S=AQAAAo2m4K0b; Expires=Tue, 8 Dec 2027 21:00:00 GMT; Max-Age=31557600; Domain=.yahoo.com; Path=/; SameSite=Lax; Secure; HttpOnly",
        "A3=d=AQABBKl9NmkCEJ3lb2yN8wW7r1Qx&S=AQAAAo2m4K0b; Expires=Tue, 8 Dec 2027 21:00:00 GMT; Max-Age=31557600; Domain=.yahoo.com; Path=/; SameSite=None; Secure; HttpOnly",
        "A1S=d=AQABBKl9NmkCEJ3lb2yN8wW7r1Qx&S=AQAAAo2m4K0b; Domain=.yahoo.com; Path=/; SameSite=Lax; Secure",
      ],
    });
    res.end(
      '<!DOCTYPE html><html lang="en-US"><head><title>Apple Inc. (AAPL) Stock Price, News, Quote &amp; History - Yahoo Finance</title></head><body></body></html>',
    );
    return;
  }
  if (host === "query1.finance.yahoo.com" && url.pathname === "/v1/test/getcrumb") {
    if (state.yfCrumbLimited) return text(res, 429, "Too Many Requests\r\n", "text/html");
    return text(res, 200, CRUMB, "text/plain;charset=utf-8");
  }
  if (host !== "query2.finance.yahoo.com") {
    unknownRequests.push(`${req.method} ${url.href}`);
    return text(res, 404, "Not Found", "text/plain");
  }
  if (state.yfSlow) return later(15000, () => json(res, 200, { finance: { result: [], error: null } }));
  if (state.yfUnavailable) return text(res, 503, UNAVAILABLE_PAGE, "text/html; charset=utf-8");
  if (state.yfRateLimited) return text(res, 429, "Too Many Requests\r\n", "text/html");
  const path = url.pathname;
  const needsCrumb =
    path.startsWith("/v7/finance/quote") || path.startsWith("/v10/") || path.includes("/screener/");
  if (needsCrumb && (state.yfInvalidCrumb || url.searchParams.get("crumb") !== CRUMB)) {
    return yfError(res, 401, "finance", "Unauthorized", "Invalid Crumb");
  }
  if (path === "/v7/finance/quote") {
    const symbols = (url.searchParams.get("symbols") ?? "").split(",");
    const result = symbols.map((s) => QUOTES[s]).filter(Boolean);
    return json(res, 200, { quoteResponse: { result, error: null } });
  }
  let m = path.match(/^\/v8\/finance\/chart\/(.+)$/);
  if (m) {
    const symbol = decodeURIComponent(m[1]!);
    const interval = url.searchParams.get("interval") ?? "1d";
    if (
      !["1m", "2m", "5m", "15m", "30m", "60m", "90m", "1h", "4h", "1d", "5d", "1wk", "1mo", "3mo"].includes(
        interval,
      )
    ) {
      return yfError(
        res,
        400,
        "chart",
        "Bad Request",
        `Invalid input - interval=${interval} is not supported. Valid intervals: [1m, 2m, 5m, 15m, 30m, 60m, 90m, 1h, 4h, 1d, 5d, 1wk, 1mo, 3mo]`,
      );
    }
    if (!QUOTES[symbol])
      return yfError(res, 404, "chart", "Not Found", "No data found, symbol may be delisted");
    const p1 = Number(url.searchParams.get("period1") ?? NOW - 30 * DAY);
    const p2 = Number(url.searchParams.get("period2") ?? NOW);
    return json(res, 200, chartBody(symbol, p1, p2));
  }
  if (path === "/v1/finance/search") {
    return json(
      res,
      200,
      searchBody(url.searchParams.get("q") ?? "", Number(url.searchParams.get("newsCount") ?? 8)),
    );
  }
  m = path.match(/^\/v10\/finance\/quoteSummary\/(.+)$/);
  if (m) {
    const symbol = decodeURIComponent(m[1]!);
    if (symbol !== "AAPL") {
      return yfError(res, 404, "quoteSummary", "Not Found", `Quote not found for symbol: ${symbol}`);
    }
    const modules = (url.searchParams.get("modules") ?? "").split(",");
    const result: Record<string, unknown> = {};
    for (const name of modules) if (SUMMARY_MODULES[name]) result[name] = SUMMARY_MODULES[name];
    // formatted=false: Yahoo answers bare numbers where it otherwise sends {raw, fmt}.
    const bare = url.searchParams.get("formatted") === "false";
    const body = JSON.stringify(
      { quoteSummary: { result: [result], error: null } },
      (_key, value: unknown) =>
        bare && value && typeof value === "object" && "raw" in value
          ? (value as { raw: unknown }).raw
          : value,
    );
    res.writeHead(200, { "content-type": "application/json;charset=utf-8" });
    res.end(body);
    return;
  }
  m = path.match(/^\/v6\/finance\/recommendationsbysymbol\/(.+)$/);
  if (m) return json(res, 200, RECOMMENDED);
  if (path.startsWith("/v1/finance/trending/")) return json(res, 200, TRENDING);
  if (path === "/v1/finance/screener/predefined/saved") {
    const scrId = url.searchParams.get("scrIds") ?? "";
    return json(res, 200, screenerBody(scrId, Number(url.searchParams.get("count") ?? 25)));
  }
  unknownRequests.push(`${req.method} ${url.href}`);
  return yfError(res, 404, "finance", "Not Found", "HTTP 404 Not Found");
}

// ── Alpha Vantage ──────────────────────────────────────────────────────────────────────────────────────────────────

const AV_PRICES: Record<string, number> = {
  IBM: 307.42,
  AAPL: 281.62,
  MSFT: 492.17,
  NVDA: 183.4,
  "TSCO.LON": 419.6,
};

function avSeries(symbol: string, fn: string) {
  const base = AV_PRICES[symbol]!;
  const step = fn === "TIME_SERIES_DAILY" ? 1 : fn === "TIME_SERIES_WEEKLY" ? 7 : 30;
  const points = fn === "TIME_SERIES_DAILY" ? 12 : fn === "TIME_SERIES_WEEKLY" ? 8 : 6;
  const series: Record<string, Record<string, string>> = {};
  let day = Date.UTC(2026, 11, 5);
  for (let i = 0; i < points; i++) {
    while ([0, 6].includes(new Date(day).getUTCDay())) day -= 86400000;
    const date = new Date(day).toISOString().slice(0, 10);
    const close = base - i * 0.87 + Math.sin(i) * 1.9;
    const open = close - Math.cos(i) * 1.1;
    series[date] = {
      "1. open": open.toFixed(4),
      "2. high": (Math.max(open, close) + 1.42).toFixed(4),
      "3. low": (Math.min(open, close) - 1.27).toFixed(4),
      "4. close": close.toFixed(4),
      "5. volume": String(
        (step === 1 ? 4100000 : step === 7 ? 21500000 : 88000000) + ((i * 7919) % 17) * 131000,
      ),
    };
    day -= step * 86400000;
  }
  const lastRefreshed = Object.keys(series)[0]!;
  if (fn === "TIME_SERIES_DAILY") {
    return {
      "Meta Data": {
        "1. Information": "Daily Prices (open, high, low, close) and Volumes",
        "2. Symbol": symbol,
        "3. Last Refreshed": lastRefreshed,
        "4. Output Size": "Compact",
        "5. Time Zone": "US/Eastern",
      },
      "Time Series (Daily)": series,
    };
  }
  const weekly = fn === "TIME_SERIES_WEEKLY";
  return {
    "Meta Data": {
      "1. Information": `${weekly ? "Weekly" : "Monthly"} Prices (open, high, low, close) and Volumes`,
      "2. Symbol": symbol,
      "3. Last Refreshed": lastRefreshed,
      "4. Time Zone": "US/Eastern",
    },
    [weekly ? "Weekly Time Series" : "Monthly Time Series"]: series,
  };
}

const NGINX_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx</center>
</body>
</html>
`;

function alphaVantage(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  seen.push(`${req.method} ${url.hostname}${url.pathname}${url.search.replace(/apikey=[^&]+/, "apikey=…")}`);
  if (url.hostname !== "www.alphavantage.co" || url.pathname !== "/query") {
    unknownRequests.push(`${req.method} ${url.href}`);
    return text(res, 404, "Not Found", "text/html");
  }
  if (state.avSlow) return later(15000, () => json(res, 200, {}));
  if (state.avServerError) {
    return text(
      res,
      500,
      "<!doctype html>\n<html lang=en>\n<title>500 Internal Server Error</title>\n<h1>Internal Server Error</h1>\n<p>The server encountered an internal error and was unable to complete your request. Either the server is overloaded or there is an error in the application.</p>\n",
      "text/html; charset=utf-8",
    );
  }
  if (state.avBadGateway) return text(res, 502, NGINX_502, "text/html");
  const fn = url.searchParams.get("function") ?? "";
  const symbol = url.searchParams.get("symbol") ?? "";
  const apikey = url.searchParams.get("apikey") ?? "";
  if (apikey !== AV_KEY) {
    return json(res, 200, {
      "Error Message":
        "the parameter apikey is invalid or missing. Please claim your free API key on (https://www.alphavantage.co/support/#api-key). It should take less than 20 seconds.",
    });
  }
  if (state.avMinuteLimit) {
    return json(res, 200, {
      Note: "Thank you for using Alpha Vantage! Our standard API call frequency is 5 calls per minute and 500 calls per day. Please visit https://www.alphavantage.co/premium/ if you would like to target a higher API call frequency.",
    });
  }
  if (state.avDailyLimit) {
    return json(res, 200, {
      Information: `We have detected your API key as ${AV_KEY} and our standard API rate limit is 25 requests per day. Please subscribe to any of the premium plans at https://www.alphavantage.co/premium/ to instantly remove all daily rate limits.`,
    });
  }
  if (
    !["TIME_SERIES_DAILY", "TIME_SERIES_WEEKLY", "TIME_SERIES_MONTHLY"].includes(fn) ||
    !AV_PRICES[symbol]
  ) {
    return json(res, 200, {
      "Error Message": `Invalid API call. Please retry or visit the documentation (https://www.alphavantage.co/documentation/) for ${fn}.`,
    });
  }
  return json(res, 200, avSeries(symbol, fn));
}

export const yahooProxy = forwardProxy(YAHOO_PROXY_PORT, ensureCertificate, yahoo);
export const avProxy = forwardProxy(AV_PROXY_PORT, ensureCertificate, alphaVantage);

export const ALL_STANDINS = [yahooProxy, avProxy];
