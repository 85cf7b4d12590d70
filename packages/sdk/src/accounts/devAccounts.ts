/** The secret URIs of the well-known development accounts: the dev phrase with a hard junction each. */
export const DEV_ACCOUNT_URIS = ['//Alice', '//Bob', '//Charlie', '//Dave', '//Eve', '//Ferdie'] as const;
export type DevAccountUri = (typeof DEV_ACCOUNT_URIS)[number];
