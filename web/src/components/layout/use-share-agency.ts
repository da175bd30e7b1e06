import type { AgencyJson } from '@fragewerk/schemas/types';
import { useLayoutEffect } from 'react';
import { useMatch } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { apiContext } from '../../lib/api.ts';
import { projectsApi } from '../../lib/projects-api.ts';

/**
 * The agency whose brand a customer with the share link sees: read from the project the project
 * container has loaded (no request, no subscription of its own). Undefined outside a project and
 * for the agency's members on their own routes, which keep the product's look.
 */
export function useShareAgency(): AgencyJson | undefined {
  const projectId = useMatch({ path: paths.project.path, end: false })?.params.project_id;
  const shared = Boolean(apiContext.editToken && projectId);
  const { data } = projectsApi.endpoints.getProject.useQueryState(projectId ?? '', {
    skip: !shared,
  });
  return shared ? data?.agency : undefined;
}

/**
 * The agency's colour as the product's brand tokens. On :root, not on the layout's wrapper: dialogs
 * render into <body>, outside it (engine/src/react/tokens.css). Hover and soft shades are mixed
 * by CSS; the server guarantees 4.5:1 against white, so white text stays on it.
 */
export function useBrandColor(color: string | null | undefined) {
  useLayoutEffect(() => {
    if (!color) return;
    const { style } = document.documentElement;
    const tokens = {
      '--fw-brand': color,
      '--fw-brand-dark': `color-mix(in srgb, ${color} 80%, #000)`,
      '--fw-brand-soft': `color-mix(in srgb, ${color} 12%, #fff)`,
      // The accent text (kickers, stage numbers) too: a second colour of ours beside theirs clashed.
      '--fw-accent-text': color,
    };
    for (const [name, value] of Object.entries(tokens)) style.setProperty(name, value);
    return () => Object.keys(tokens).forEach((name) => style.removeProperty(name));
  }, [color]);
}
