// Loopback stand-ins for group r44-f: BrowserStack's REST APIs (App Automate, App Live, the device catalogues) and an
// Android device behind adb.
//
// - @browserstack/mcp-server sends every request with axios to hosts written into it (api.browserstack.com,
//   api-cloud.browserstack.com, www.browserstack.com). axios follows HTTPS_PROXY by sending the absolute URL to the
//   proxy; the kit's forwardProxy on 45960 answers those requests (and would terminate a CONNECT tunnel with the
//   stand-in certificate, trusted through NODE_EXTRA_CA_CERTS).
// - @mobilenext/mobile-mcp (legacy robot mode) runs `$ANDROID_HOME/platform-tools/adb` for every Android action. That
//   path holds a small adb stand-in (written by `writeAdb`) that sends its argv to the device stand-in on 45961 and
//   prints what adb and the device's shell would print, with adb's exit status. When 45961 is closed it prints what
//   adb prints when its server cannot be started.
//
// README.md says where each body comes from. `state` is switched by the sessions' hooks.

import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { certificate, clearTimers, forwardProxy, httpStandin, json, later, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r44-f";

export const PROXY_PORT = 45960;
export const ADB_PORT = 45961;

export const BS_USERNAME = "danaokafor_Q7xLp2";
export const BS_ACCESS_KEY = "sX9kLm2Qw8RtZp4VbN7c";
/** The key before it was regenerated in the account settings. */
export const BS_OLD_ACCESS_KEY = "Hq3JfT6yUe1WoP5aKd8g";

export const BUILD_ID = "4d2b4deb810af077d5aed98f479bfdd2e64f36c3";
export const MISSING_BUILD_ID = "9f1c0e77a2b34d5e6f708192a3b4c5d6e7f80912";
export const SESSION_FAILED = "b7e2a9c41d0f58e3a6c2d9f0e1b4a7c3d5e8f2a1";
export const SESSION_PASSED = "0c4f8e2b6a1d9c3e7f5b2a8d4c6e0f1a3b9d7e5c";
export const SESSION_RUNNING = "e9a1c3b5d7f2e4a6c8b0d2f4a6c8e0b2d4f6a8c1";
export const MISSING_SESSION = "aa11bb22cc33dd44ee55ff66aa77bb88cc99dd00";

export const EMULATOR = "emulator-5554";
export const UNAUTHORIZED_PHONE = "R58M42ABCDE";

export const state = {
  rateLimited: false,
  serverError: false,
  badGateway: false,
  slow: false,
  deviceOffline: false,
  slowDump: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

const HOSTS = [
  "api.browserstack.com",
  "api-cloud.browserstack.com",
  "www.browserstack.com",
  "api-automation.browserstack.com",
  "automate.browserstack.com",
];
const CERT = () => certificate(DATA, HOSTS);
export const certificateFile = () => CERT().cert;

// ── BrowserStack ──────────────────────────────────────────────────────────────────────────────────────────────────────

function session(
  id: string,
  name: string,
  status: string,
  device: string,
  osVersion: string,
  reason: string,
) {
  return {
    automation_session: {
      name,
      duration: status === "running" ? null : 212,
      os: "android",
      os_version: osVersion,
      browser_version: null,
      browser: null,
      device,
      status,
      hashed_id: id,
      reason,
      build_name: "shop-android 2.4.1 nightly",
      project_name: "Shop Android",
      build_hashed_id: BUILD_ID,
      test_priority: null,
      logs: `https://api.browserstack.com/app-automate/builds/${BUILD_ID}/sessions/${id}/logs`,
      browserstack_status: status,
      created_at: "2026-12-07T06:14:22.000Z",
      browser_url: `https://app-automate.browserstack.com/builds/${BUILD_ID}/sessions/${id}`,
      public_url: `https://app-automate.browserstack.com/builds/${BUILD_ID}/sessions/${id}?auth_token=7c0b1e9f3a2d4c6e8f0a1b3c5d7e9f2a4c6e8a0b2d4f6a8c0e2a4c6e8f0a2b4`,
      appium_logs_url: `https://api.browserstack.com/app-automate/builds/${BUILD_ID}/sessions/${id}/appiumlogs`,
      video_url: `https://app-automate.browserstack.com/s3-upload/bs-video-logs-euw/s3.eu-west-1/${id}/video-${id}.mp4?AWSAccessKeyId=AKIA2MDYX5ZEXAMPLE&Expires=1797224062&Signature=pX3rQ%2Bv7kL9mN2bT4yW6zA8cE0gI%3D&response-content-type=video%2Fmp4`,
      device_logs_url: `https://api.browserstack.com/app-automate/builds/${BUILD_ID}/sessions/${id}/deviceLogs`,
      app_details: {
        app_url: "bs://c8ddcb5649a8280ca800075bfd8f151115bba6b3",
        app_name: "shop-release.apk",
        app_version: "2.4.1",
        app_custom_id: "ShopAndroid",
        uploaded_at: "2026-12-07 06:02:41 UTC",
      },
    },
  };
}

const SESSIONS = [
  session(
    SESSION_FAILED,
    "CheckoutTest.payWithSavedCard",
    "failed",
    "Samsung Galaxy S24",
    "14.0",
    "CLIENT_STOPPED_SESSION",
  ),
  session(SESSION_PASSED, "CartTest.addTwoItems", "done", "Google Pixel 8", "14.0", "CLIENT_STOPPED_SESSION"),
  session(SESSION_RUNNING, "SearchTest.filterByBrand", "running", "OnePlus 11R", "13.0", ""),
];

const DEVICE_LOGS = [
  "12-07 06:15:01.112  4121  4121 I ActivityManager: Start proc 4121:com.example.shop/u0a213 for activity {com.example.shop/com.example.shop.MainActivity}",
  "12-07 06:15:03.870  4121  4160 D OkHttp  : --> POST https://staging-api.example-shop.com/v2/payments/intent",
  "12-07 06:15:04.402  4121  4160 E PaymentRepository: Payment intent failed: HTTP 409 card_declined",
  "12-07 06:15:04.418  4121  4121 E AndroidRuntime: FATAL EXCEPTION: main",
  "12-07 06:15:04.418  4121  4121 E AndroidRuntime: Process: com.example.shop, PID: 4121",
  "12-07 06:15:04.418  4121  4121 E AndroidRuntime: java.lang.IllegalStateException: Saved card token is null",
  "12-07 06:15:04.418  4121  4121 E AndroidRuntime: \tat com.example.shop.checkout.PayViewModel.confirm(PayViewModel.kt:88)",
  "12-07 06:15:04.433  1502  1866 I ActivityManager: Process com.example.shop (pid 4121) has died: fg  TOP",
].join("\n");

const APPIUM_LOGS = [
  "2026-12-07 06:14:58:120 - [HTTP] --> POST /wd/hub/session/8f1e/element",
  '2026-12-07 06:14:58:121 - [HTTP] {"using":"id","value":"com.example.shop:id/pay_button"}',
  "2026-12-07 06:15:08:460 - [W3C (8f1e)] Encountered internal error running command: NoSuchElementError: An element could not be located on the page using the given search parameters.",
  "2026-12-07 06:15:08:462 - [HTTP] <-- POST /wd/hub/session/8f1e/element 404 10341 ms - 452",
].join("\n");

const CRASH_LOGS = [
  "--------- beginning of crash",
  "FATAL EXCEPTION: main",
  "Process: com.example.shop, PID: 4121",
  "java.lang.IllegalStateException: Saved card token is null",
  "\tat com.example.shop.checkout.PayViewModel.confirm(PayViewModel.kt:88)",
  "\tat com.example.shop.checkout.PayFragment.onPayClicked(PayFragment.kt:142)",
  "Caused by: kotlin.KotlinNullPointerException",
].join("\n");

const SCREENSHOT_URL = (id: string, n: number) =>
  `https://automate.browserstack.com/s3-upload/bs-selenium-logs-euw/s3.eu-west-1/${id}/screenshot-${id}-${n}.png`;

function textLogs(id: string, shots: number) {
  const lines: string[] = [
    `2026-12-07 6:14:22:310 SESSION ${id} START`,
    '2026-12-07 6:14:30:011 REQUEST [2026-12-07 6:14:30:011] POST /session/8f1e/element {"using":"id","value":"com.example.shop:id/cart"}',
    '2026-12-07 6:14:30:560 RESPONSE {"value":{"ELEMENT":"00000000-0000-0011-ffff-ffff0000001c"}}',
  ];
  for (let n = 1; n <= shots; n++) {
    lines.push(
      `2026-12-07 6:14:${40 + n}:100 REQUEST [2026-12-07 6:14:${40 + n}:100] GET /session/8f1e/screenshot`,
    );
    lines.push(`2026-12-07 6:14:${40 + n}:900 RESPONSE {"value":"${SCREENSHOT_URL(id, n)}"}`);
  }
  lines.push(`2026-12-07 6:17:54:002 STOP_SESSION`);
  return lines.join("\n");
}

function catalogue(product: "app_live" | "app_automate") {
  const device = (display_name: string, os_version: string, realMobile = true) => ({
    os_version,
    display_name,
    device: display_name,
    realMobile,
    ...(product === "app_live" ? { release_date: "2023-10-04" } : {}),
  });
  return {
    mobile: [
      {
        os: "android",
        os_display_name: "Android",
        devices: [
          device("Google Pixel 8", "14.0"),
          device("Google Pixel 8", "15.0"),
          device("Google Pixel 7", "13.0"),
          device("Samsung Galaxy S24", "14.0"),
          device("Samsung Galaxy S23", "13.0"),
          device("OnePlus 11R", "13.0"),
        ],
      },
      {
        os: "ios",
        os_display_name: "iOS",
        devices: [device("iPhone 15", "17"), device("iPhone 15 Pro", "17"), device("iPhone 14", "16")],
      },
    ],
  };
}

/** nginx's own 502 page, as a load balancer in front of the API answers when the app servers behind it fail. */
const NGINX_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx</center>
</body>
</html>
`;

function authorized(req: http.IncomingMessage): "ok" | "revoked" | "missing" {
  const header = req.headers.authorization ?? "";
  if (!header.startsWith("Basic ")) return "missing";
  const [user, key] = Buffer.from(header.slice(6), "base64").toString("utf8").split(":");
  if (user === BS_USERNAME && key === BS_ACCESS_KEY) return "ok";
  return "revoked";
}

let uploads = 0;

function browserstack(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const host = url.hostname;
  const where = `${req.method} ${host}${url.pathname}${url.search}`;
  if (!(host === "api.browserstack.com" && url.pathname === "/sdk/v1/event")) seen.push(where);

  if (host === "api.browserstack.com" && url.pathname === "/sdk/v1/event") {
    return json(res, 200, { status: "success" });
  }
  if (host === "www.browserstack.com" && url.pathname === "/list-of-browsers-and-platforms/app_live.json") {
    return json(res, 200, catalogue("app_live"));
  }
  if (
    host === "www.browserstack.com" &&
    url.pathname === "/list-of-browsers-and-platforms/app_automate.json"
  ) {
    return json(res, 200, catalogue("app_automate"));
  }
  if (host === "automate.browserstack.com" && url.pathname.startsWith("/s3-upload/")) {
    res.writeHead(200, { "content-type": "image/png", "content-length": String(SCREEN.length) });
    res.end(SCREEN);
    return;
  }

  if (state.slow) {
    return later(12_000, () => json(res, 200, SESSIONS.slice(0, 3)));
  }
  if (state.rateLimited) {
    return json(
      res,
      429,
      {
        message:
          "Rate limit exceeded. You have sent too many requests in a given amount of time, please retry later.",
      },
      { "retry-after": "60", "x-ratelimit-limit": "1600", "x-ratelimit-remaining": "0" },
    );
  }
  if (state.serverError) {
    return json(res, 500, { message: "Internal Server Error" });
  }
  if (state.badGateway) {
    return text(res, 502, NGINX_502, "text/html", { server: "nginx" });
  }

  const auth = authorized(req);
  if (auth !== "ok") {
    // BrowserStack's REST API answers bad Basic credentials with Rails' plain 401.
    return text(res, 401, "HTTP Basic: Access denied.\n", "text/html; charset=utf-8", {
      "www-authenticate": 'Basic realm="Application"',
    });
  }

  let m: RegExpMatchArray | null;
  if (
    host === "api-cloud.browserstack.com" &&
    (m = url.pathname.match(/^\/app-automate\/builds\/([^/]+)\/sessions\.json$/))
  ) {
    if (m[1] !== BUILD_ID) return json(res, 404, { message: "Build not found" });
    const limit = Number(url.searchParams.get("limit") ?? "10");
    const offset = Number(url.searchParams.get("offset") ?? "0");
    return json(res, 200, SESSIONS.slice(offset, offset + limit));
  }
  if (host === "api-automation.browserstack.com" && url.pathname.startsWith("/ext/v1/builds/")) {
    return json(res, 404, { errors: [{ code: "BUILD_NOT_FOUND", message: "Build not found" }] });
  }
  if (
    host === "api.browserstack.com" &&
    (m = url.pathname.match(/^\/app-automate\/sessions\/([^/]+)\.json$/))
  ) {
    const found = SESSIONS.find((s) => s.automation_session.hashed_id === m![1]);
    if (!found) return json(res, 404, { message: "Session not found" });
    return json(res, 200, found);
  }
  if (
    host === "api.browserstack.com" &&
    (m = url.pathname.match(/^\/app-automate\/sessions\/([^/]+)\/logs$/))
  ) {
    if (m[1] === SESSION_FAILED) return text(res, 200, textLogs(m[1], 3));
    if (m[1] === SESSION_PASSED) return text(res, 200, textLogs(m[1], 0));
    return json(res, 404, { message: "Session not found" });
  }
  if (
    host === "api.browserstack.com" &&
    (m = url.pathname.match(
      /^\/app-automate\/builds\/([^/]+)\/sessions\/([^/]+)\/(deviceLogs|appiumlogs|crashlogs)$/,
    ))
  ) {
    const [, build, id, kind] = m;
    if (build !== BUILD_ID || !SESSIONS.some((s) => s.automation_session.hashed_id === id)) {
      return json(res, 404, { message: "Session not found" });
    }
    if (kind === "crashlogs" && id !== SESSION_FAILED)
      return json(res, 404, { message: "No crash logs found" });
    const body = kind === "deviceLogs" ? DEVICE_LOGS : kind === "appiumlogs" ? APPIUM_LOGS : CRASH_LOGS;
    return text(res, 200, body);
  }
  if (host === "api-cloud.browserstack.com" && req.method === "POST") {
    uploads += 1;
    const hash = `${(uploads * 7919).toString(16).padStart(8, "0")}e5b1f0c2d4a6b8c0e2f4a6b8c0d2e4f6a8b0`;
    if (url.pathname === "/app-live/upload") {
      return json(res, 200, { app_url: `bs://${hash}` });
    }
    if (url.pathname === "/app-automate/espresso/v2/app") {
      return json(res, 200, {
        app_name: "shop-release.apk",
        app_url: `bs://${hash}`,
        app_version: "2.4.1",
        app_id: hash,
        uploaded_at: "2026-12-07 09:12:40 UTC",
        expiry: "2027-01-06 09:12:40 UTC",
      });
    }
    if (url.pathname === "/app-automate/espresso/v2/test-suite") {
      return json(res, 200, {
        test_suite_name: "shop-androidTest.apk",
        test_suite_url: `bs://${hash}`,
        test_suite_id: hash,
        uploaded_at: "2026-12-07 09:12:44 UTC",
        expiry: "2027-01-06 09:12:44 UTC",
        framework: "espresso",
      });
    }
    if (url.pathname === "/app-automate/espresso/v2/build") {
      const parsed = JSON.parse(body || "{}") as { devices?: string[] };
      return json(res, 200, {
        message: "Success",
        build_id: "6a1f0c93b2e84d7f5a0c1e3b9d2f4a6c8e0b1d3f",
        devices: parsed.devices,
      });
    }
  }
  unknownRequests.push(where);
  return json(res, 404, { message: "Not Found" });
}

export const browserstackProxy = forwardProxy(PROXY_PORT, CERT, browserstack);

// ── an Android device behind adb ──────────────────────────────────────────────────────────────────────────────────────

/** A small PNG (the emulator's screen scaled to 108×240), made once. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const bar = y < 24 ? [33, 150, 243] : y > height - 30 ? [250, 250, 250] : [255, 255, 255];
      row[1 + x * 3] = bar[0]!;
      row[2 + x * 3] = bar[1]!;
      row[3 + x * 3] = bar[2]!;
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const SCREEN = png(108, 240);

const UI_DUMP = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.example.shop" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2400]"><node index="0" text="Sign in" resource-id="com.example.shop:id/title" class="android.widget.TextView" package="com.example.shop" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[63,210][1017,320]" /><node index="1" text="" resource-id="com.example.shop:id/email" class="android.widget.EditText" package="com.example.shop" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="true" scrollable="false" long-clickable="true" password="false" selected="false" hint="Email" bounds="[63,420][1017,560]" /><node index="2" text="" resource-id="com.example.shop:id/password" class="android.widget.EditText" package="com.example.shop" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="true" password="true" selected="false" hint="Password" bounds="[63,600][1017,740]" /><node index="3" text="SIGN IN" resource-id="com.example.shop:id/sign_in" class="android.widget.Button" package="com.example.shop" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[63,820][1017,946]" /><node index="4" text="" resource-id="com.example.shop:id/cart" class="android.widget.ImageButton" package="com.example.shop" content-desc="Cart" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[912,84][1038,210]" /></node></hierarchy>UI hierchary dumped to: /dev/tty
`;

const PACKAGES = [
  "com.android.settings",
  "com.android.chrome",
  "com.google.android.apps.maps",
  "com.example.shop",
  "com.google.android.gm",
];

interface AdbAnswer {
  stdout: string;
  stderr: string;
  code: number;
  /** stdout as base64 when it is binary. */
  binary?: boolean;
}

const out = (stdout: string, code = 0): AdbAnswer => ({ stdout, stderr: "", code });
const err = (stderr: string, code = 1, stdout = ""): AdbAnswer => ({ stdout, stderr, code });

let rotation = "0";

function shell(cmd: string[]): AdbAnswer {
  const line = cmd.join(" ");
  if (line === "getprop ro.build.version.release") return out("14\n");
  if (line === "getprop ro.boot.qemu.avd_name") return out("Pixel_7_API_34\n");
  if (line === "getprop ro.product.model") return out("sdk_gphone64_x86_64\n");
  if (line === "wm size") return out("Physical size: 1080x2400\n");
  if (line === "wm density") return out("Physical density: 420\n");
  if (line.startsWith("cmd package query-activities")) {
    return out(
      PACKAGES.map(
        (p) =>
          `Activity #0:\n  priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\n  ActivityInfo:\n    name=${p}.MainActivity\n    packageName=${p}\n    enabled=true exported=true directBootAware=false\n`,
      ).join(""),
    );
  }
  if (line === "pm list features") {
    return out(
      [
        "android.hardware.audio.output",
        "android.hardware.camera",
        "android.hardware.faketouch",
        "android.hardware.location.gps",
        "android.hardware.screen.portrait",
        "android.hardware.telephony",
        "android.hardware.touchscreen",
        "android.hardware.wifi",
        "android.software.webview",
      ]
        .map((f) => `feature:${f}\n`)
        .join(""),
    );
  }
  if (line === "pm list packages") return out(PACKAGES.map((p) => `package:${p}\n`).join(""));
  if (cmd[0] === "cmd" && cmd[1] === "locale") return out("");
  if (cmd[0] === "monkey") {
    const pkg = cmd[2] ?? "";
    if (!PACKAGES.includes(pkg)) {
      // monkey prints its arguments, then gives up with status 252 when the package has no launcher activity.
      return {
        stdout: `  bash arg: -p\n  bash arg: ${pkg}\n  bash arg: -c\n  bash arg: android.intent.category.LAUNCHER\n  bash arg: 1\nargs: [-p, ${pkg}, -c, android.intent.category.LAUNCHER, 1]\n arg: "-p"\n arg: "${pkg}"\n arg: "-c"\n arg: "android.intent.category.LAUNCHER"\n arg: "1"\ndata="${pkg}"\ndata="android.intent.category.LAUNCHER"\n`,
        stderr: "** No activities found to run, monkey aborted.\n",
        code: 252,
      };
    }
    return out(
      `  bash arg: -p\n  bash arg: ${pkg}\n  bash arg: -c\n  bash arg: android.intent.category.LAUNCHER\n  bash arg: 1\nargs: [-p, ${pkg}, -c, android.intent.category.LAUNCHER, 1]\nEvents injected: 1\n## Network stats: elapsed time=41ms (0ms mobile, 0ms wifi, 41ms not connected)\n`,
    );
  }
  if (cmd[0] === "input") return out("");
  if (cmd[0] === "am" && cmd[1] === "force-stop") return out("");
  if (cmd[0] === "am" && cmd[1] === "start") {
    const data = cmd[cmd.indexOf("-d") + 1] ?? "";
    return out(`Starting: Intent { act=android.intent.action.VIEW dat=${data.replace(/\\/g, "")} }\n`);
  }
  if (line === "settings get system user_rotation") return out(`${rotation}\n`);
  if (line === "settings put system accelerometer_rotation 0") return out("");
  if (cmd[0] === "content" && cmd[1] === "insert") {
    rotation = line.endsWith("value:i:1") ? "1" : "0";
    return out("");
  }
  if (line === "dumpsys SurfaceFlinger --display-id") {
    return out('Display 4619827259835644672 (HWC display 0): port=0 pnpId=GGL displayName="EMU_display_0"\n');
  }
  if (line === "ps -e") {
    return out(
      "USER           PID  PPID     VSZ    RSS WCHAN            ADDR S NAME\nroot             1     0 10873536 11872 do_epoll_wait       0 S init\nu0_a213       4121   352 14621832 162340 do_epoll_wait      0 S com.example.shop\n",
    );
  }
  unknownRequests.push(`adb shell ${line}`);
  return err(`/system/bin/sh: ${cmd[0]}: inaccessible or not found\n`, 127);
}

function adb(argv: string[], res: http.ServerResponse) {
  seen.push(`adb ${argv.join(" ")}`);
  const send = (answer: AdbAnswer) => json(res, 200, answer);
  if (argv[0] === "devices") {
    return send(
      out(
        `List of devices attached\n${EMULATOR}\t${state.deviceOffline ? "offline" : "device"}\n${UNAUTHORIZED_PHONE}\tunauthorized\n\n`,
      ),
    );
  }
  if (argv[0] !== "-s") {
    unknownRequests.push(`adb ${argv.join(" ")}`);
    return send(err("adb: usage: unknown command\n"));
  }
  const serial = argv[1]!;
  const rest = argv.slice(2);
  if (serial === UNAUTHORIZED_PHONE) {
    return send(
      err(
        "error: device unauthorized.\nThis adb server's $ADB_VENDOR_KEYS is not set\nTry 'adb kill-server' if that seems wrong.\nOtherwise check for a confirmation dialog on your device.\n",
      ),
    );
  }
  if (serial !== EMULATOR) return send(err(`adb: device '${serial}' not found\n`));
  if (state.deviceOffline) return send(err("adb: device offline\n"));

  const [verb, ...cmd] = rest;
  if (verb === "shell") return send(shell(cmd));
  if (verb === "exec-out" && cmd[0] === "screencap") {
    return send({ stdout: SCREEN.toString("base64"), stderr: "", code: 0, binary: true });
  }
  if (verb === "exec-out" && cmd[0] === "uiautomator") {
    if (state.slowDump) return later(9_000, () => send(out(UI_DUMP)));
    return send(out(UI_DUMP));
  }
  if (verb === "install") {
    const file = cmd[cmd.length - 1] ?? "";
    if (file.endsWith("shop-2.4.0-debug.apk")) {
      return send(
        err(
          `adb: failed to install ${file}: Failure [INSTALL_FAILED_UPDATE_INCOMPATIBLE: Existing package com.example.shop signatures do not match newer version; ignoring!]\n`,
          1,
          "Performing Streamed Install\n",
        ),
      );
    }
    return send(out("Performing Streamed Install\nSuccess\n"));
  }
  if (verb === "uninstall") {
    const pkg = cmd[0] ?? "";
    if (!PACKAGES.includes(pkg)) return send(err("", 1, "Failure [DELETE_FAILED_INTERNAL_ERROR]\n"));
    return send(out("Success\n"));
  }
  unknownRequests.push(`adb ${argv.join(" ")}`);
  return send(err(`adb: unknown command ${verb}\n`));
}

export const deviceStandin = httpStandin(ADB_PORT, (req, url, body, res) => {
  if (req.method === "POST" && url.pathname === "/adb") {
    const { argv } = JSON.parse(body) as { argv: string[] };
    return adb(argv, res);
  }
  unknownRequests.push(`device ${req.method} ${url.pathname}`);
  json(res, 404, {});
});

/**
 * The adb the server runs: it hands its argv to the device stand-in and prints the answer with its exit status. When
 * the stand-in does not answer, it prints what adb prints when it cannot start its server.
 */
export function writeAdb(sdk: string) {
  const dir = path.join(sdk, "platform-tools");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "adb");
  fs.writeFileSync(
    file,
    `#!${process.execPath}
const http = require("node:http");
const body = JSON.stringify({ argv: process.argv.slice(2) });
const req = http.request({ host: "127.0.0.1", port: ${ADB_PORT}, path: "/adb", method: "POST",
  headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (res) => {
  let data = "";
  res.on("data", (c) => (data += c));
  res.on("end", () => {
    const a = JSON.parse(data);
    process.stdout.write(a.binary ? Buffer.from(a.stdout, "base64") : a.stdout);
    process.stderr.write(a.stderr);
    process.exitCode = a.code;
  });
});
req.on("error", () => {
  process.stderr.write("* daemon not running; starting now at tcp:5037\\nADB server didn't ACK\\nFull server startup log: /tmp/adb.0.log\\nServer had pid: 48213\\n--- adb starting (pid 48213) ---\\nadb I 12-07 09:31:02 48213 48213 main.cpp:63] Android Debug Bridge version 1.0.41\\nadb F 12-07 09:31:02 48213 48213 main.cpp:166] could not install *smartsocket* listener: Address already in use\\n\\n* failed to start daemon\\nadb: failed to check server version: cannot connect to daemon\\n");
  process.exitCode = 1;
});
req.end(body);
`,
    { mode: 0o755 },
  );
  return file;
}
