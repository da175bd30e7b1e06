import type {
  NewProjectForm,
  ProjectJson,
  ProjectSettingsForm,
  ProjectSummaryJson,
  ResultsJson,
} from '@fragewerk/schemas/types';
import { api, unwrap } from './api.ts';
import { handleErrorsLocally } from './handled-errors.ts';

/** A project of the dashboard list (`schemas/api/project-summary.schema.json`). */
export type ProjectSummary = ProjectSummaryJson;

/** A project, each step's answers under the step's key (`schemas/api/project.schema.json`). */
export type Project = ProjectJson;

/** The results view's steps as the server renders them (`schemas/api/results.schema.json`). */
export type Results = ResultsJson;

/**
 * The server's results of a project: every change of its answers or settings makes them stale
 * (cached but unwatched ones are dropped, a shown one is asked for again).
 */
export const resultsTag = (projectId: string) => ({ type: 'Results' as const, id: projectId });

/** What PATCH /projects/{id} may change: settings of its form, and the version they were read at. */
export type ProjectChanges = Partial<ProjectSettingsForm> & { version?: number };

export const projectsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProjects: build.query<ProjectSummary[], void>({
      query: () => '/projects',
      transformResponse: unwrap<ProjectSummary[]>,
      providesTags: (projects = []) => [
        { type: 'Project', id: 'LIST' },
        ...projects.map((project) => ({ type: 'Project' as const, id: project.id })),
      ],
    }),
    getProject: build.query<Project, string>({
      query: (id) => `/projects/${id}`,
      transformResponse: unwrap<Project>,
      providesTags: (_result, _error, id) => [{ type: 'Project', id }],
    }),
    getResults: build.query<Results, string>({
      query: (id) => `/projects/${id}/results`,
      transformResponse: unwrap<Results>,
      providesTags: (_result, _error, id) => [resultsTag(id)],
    }),
    createProject: build.mutation<Project, NewProjectForm>({
      query: (body) => ({ url: '/projects/create', method: 'POST', body }),
      transformResponse: unwrap<Project>,
      invalidatesTags: [{ type: 'Project', id: 'LIST' }],
    }),
    updateProject: build.mutation<Project, { id: string; changes: ProjectChanges }>({
      query: ({ id, changes }) => ({ url: `/projects/${id}`, method: 'PATCH', body: changes }),
      transformResponse: unwrap<Project>,
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Project', id },
        { type: 'Project', id: 'LIST' },
        resultsTag(id),
      ],
    }),
    deleteProject: build.mutation<unknown, string>({
      query: (id) => ({ url: `/projects/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Project', id: 'LIST' }],
    }),
    approveProject: build.mutation<Project, string>({
      query: (id) => ({ url: `/projects/${id}/approve`, method: 'PUT' }),
      transformResponse: unwrap<Project>,
      invalidatesTags: (_result, _error, id) => [
        { type: 'Project', id },
        { type: 'Project', id: 'LIST' },
      ],
    }),
    regenerateEditToken: build.mutation<Project, string>({
      query: (id) => ({ url: `/projects/${id}/edit-token`, method: 'PUT' }),
      transformResponse: unwrap<Project>,
      invalidatesTags: (_result, _error, id) => [{ type: 'Project', id }],
    }),
  }),
});

handleErrorsLocally('createProject', [422]);
handleErrorsLocally('updateProject', [422]);

export const {
  useGetProjectsQuery,
  useGetProjectQuery,
  useGetResultsQuery,
  useCreateProjectMutation,
  useUpdateProjectMutation,
  useDeleteProjectMutation,
  useApproveProjectMutation,
  useRegenerateEditTokenMutation,
} = projectsApi;
