import type { AgencyJson } from '@fragewerk/schemas/types';

/**
 * The paper's letterhead: the agency's logo (its name stands beside it, so the image is
 * decoration) and its name.
 */
export function ResultsLetterhead({ agency }: { agency: Pick<AgencyJson, 'name' | 'logo_url'> }) {
  return (
    <>
      {agency.logo_url ? <img src={agency.logo_url} alt="" /> : null}
      <span className="results-agency">{agency.name}</span>
    </>
  );
}
