export const APP_NAME = "Vitrine";
