// A server action's form, as it arrived. Actions are called by the browser with a FormData, but
// their arguments are whatever a request encodes: a forged call can pass a string, a number or
// nothing. Anything that is not a FormData reads as an empty form, which every action's own
// validation then refuses as it refuses a form with missing fields — never a TypeError (a 500).
export function submittedForm(value: unknown): FormData {
  return value instanceof FormData ? value : new FormData();
}
