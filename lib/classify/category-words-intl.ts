import type { Category } from "./types";

// Who refused a call and why, in the words of APIs that answer in Russian, Chinese and Japanese. Read among the
// strong rules (category-words.ts), in this order. No \b in these patterns: it does not work for Cyrillic or CJK.

export const INTL_TEXT_RULES: [RegExp, Category][] = [
  // The same refusals in Russian, as Russian APIs write them (GetCourse, amoCRM, Bitrix24): "Не авторизовано",
  // "Доступ запрещён", "Слишком много запросов". (No \b: it does not work for Cyrillic.)
  [
    /AK有误|(?:AK|SK|密钥|秘钥|令牌)(?:有误|无效|错误|不正确)|鉴权失败|认证失败|签名(?:错误|无效)|не авторизован|требуется авторизац|неверн\S* (?:api[- ]?)?(?:ключ|токен)|(?:ключ|токен)\S* (?:api )?недействител/iu,
    "auth",
  ],
  [/доступ запрещ|недостаточно прав|нет прав(?:а)? (?:на|для)/iu, "permission"],
  // And in Japanese: "認証エラー" (authentication error), "権限がありません" (no permission), "不整合" / "異なります"
  // (does not match), "見つかりません" (not found), "レート制限" (rate limit). Not advice to sign in again ("再認証
  // してください") after a refusal: that is what to try, not what failed.
  [/認証エラー|認証に失敗|トークン(?:の有効期限が切れ|が無効)/u, "auth"],
  [/権限がありません|アクセスが拒否/u, "permission"],
  [/レート制限|リクエストが多すぎ/u, "rate_limited"],
  [/不整合|が異なります|見つかりません|存在しません|検証エラー|無効な(?:パラメータ|値|引数)/u, "validation"],
  // A quota used up, as Chinese APIs word it ("天配额超限", "余额不足"). (No \b: it does not work for CJK.)
  [/配额超限|超出[^，。\n]{0,6}配额|配额(?:已)?(?:用完|耗尽|不足)|余额不足/u, "business"],
  [/слишком много запросов|превышен\S* лимит\S* запрос/iu, "rate_limited"],
  [/тайм-?аут|превышено время ожидания/iu, "transient"],
];
