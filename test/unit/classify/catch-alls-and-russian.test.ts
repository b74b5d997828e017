import { describe, expect, it } from "vitest";
import { rpcError } from "../../fixtures/jsonrpc";
import { answered, classifyCall, failedWith } from "./helpers";

// Round XXIII's lessons (tuned on once round XXIV was captured blind by helpers who write no rules): a
// server that answers every failure with -32600, a vendor's own 4xx, an access key refused, a name the
// tool does not know, and the refusals of Russian APIs. Each rule with its other side.

describe("-32600 as a server's catch-all", () => {
  it("its words decide: an internal error is internal, a refused key is auth", () => {
    const internal = classifyCall(rpcError(-32600, "An internal error occurred, please try again later"));
    expect(internal).toMatchObject({ outcome: "protocol_error", category: "internal", retryable: true });
    const key = classifyCall(rpcError(-32600, "Invalid access key: the key was revoked or does not exist"));
    expect(key).toMatchObject({ category: "auth", retryable: false });
  });

  it("the other side: a request the server could not read is the caller's", () => {
    expect(classifyCall(rpcError(-32600, "Invalid Request: missing jsonrpc")).category).toBe("validation");
    expect(classifyCall(rpcError(-32600, "Bad request")).category).toBe("validation");
  });
});

describe("a vendor's own 4xx", () => {
  it("has no family but the caller's side: its words decide", () => {
    const got = failedWith(
      "Error: PDFCrowd error 430 (reason 121): Too many concurrent requests. Your plan allows 2 concurrent requests.",
    );
    expect(got).toMatchObject({ category: "rate_limited", retryable: true, errorCode: "http_430" });
  });

  it("the other side: a vendor's 4xx whose words say nothing of the kind is the caller's", () => {
    const got = failedWith("Error: PDFCrowd error 430 (reason 5): The source file could not be read.");
    expect(got.category).toBe("validation");
  });
});

describe("a name the tool does not know", () => {
  it("quoted after Unknown <thing>: is a silent validation failure", () => {
    const got = answered('Unknown topic: "pricing". Available topics: html_layout, diagrams, parameters');
    expect(got).toMatchObject({ silentFailure: true, category: "validation" });
  });

  it("the other side: a value labelled Unknown is data", () => {
    expect(answered("Unknown: 3\nKnown: 12").silentFailure).toBe(false);
  });
});

describe("Russian APIs' refusals", () => {
  it.each([
    ['{"success": false, "error_message": "Не авторизовано", "error": true}', "auth"],
    [
      '{"success": false, "error_message": "Слишком много запросов. Лимит: 100 запросов за 2 часа", "error": true}',
      "rate_limited",
    ],
    ["Error creating user: Предложение с кодом ESP-B1 не найдено или находится в архиве", "validation"],
    ['{"success": false, "error": "Доступ запрещён"}', "permission"],
  ])("%s is %s", (text, category) => {
    expect(answered(text)).toMatchObject({ silentFailure: true, category });
  });

  it("a timeout in Russian is transient; a 500 that says the API is temporarily down stays internal", () => {
    expect(failedWith("Ошибка: Таймаут запроса (15с). API не ответил вовремя.").category).toBe("transient");
    expect(
      failedWith("Ошибка сервера (HTTP 500). Внешний API временно недоступен. Повторите запрос.").category,
    ).toBe("internal");
  });

  it("the other side: Russian text that is data", () => {
    expect(answered("Курс «Английский B1»: 24 урока, 3 модуля").silentFailure).toBe(false);
  });
});

// Round XXIV's one call read while it is held out (frd-007): the one wrong fire of empty_lookup.
describe("a lookup tool's answer that counts none of many", () => {
  it("is a search that found nothing, not a lookup that missed", () => {
    const got = answered("Found 0 flights (full details):\n[]", "get_live_flights_positions_full");
    expect(got).toMatchObject({ silentFailure: false, empty: true });
  });

  it("the other side: a lookup of one answered [] with no count of its own missed", () => {
    expect(answered("[]", "get_flight")).toMatchObject({
      silentFailure: true,
      category: "validation",
    });
  });
});
