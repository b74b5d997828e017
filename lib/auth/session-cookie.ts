// Cookie names, in a module with no dependencies (proxy.ts imports it).
export const SESSION_COOKIE = "faultline_session";
export const PROJECT_COOKIE = "faultline_project";
