import { api, unwrap } from '../../lib/api.ts';

/** A legal page as the server renders it from the operator's Markdown (docs/product.md#rechtsseiten). */
export interface LegalText {
  html: string;
  /** The operator has not put their own text in place yet. */
  placeholder: boolean;
}

/** Loaded with the legal page only, which is the one screen that shows it. */
export const legalApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLegalText: build.query<LegalText, 'impressum' | 'datenschutz'>({
      query: (kind) => `/legal/${kind}`,
      transformResponse: unwrap<LegalText>,
    }),
  }),
});

export const { useGetLegalTextQuery } = legalApi;
