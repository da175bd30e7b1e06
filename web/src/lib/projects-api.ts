import { api, unwrap } from './api.ts';
import { handleErrorsLocally } from './handled-errors.ts';

export interface ProjectSummary {
  id: string;
  customer_firm: string;
  project_name: string;
  is_approved: boolean;
  is_archived: boolean;
  is_niceview_enabled: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

/** A project with the answers of every step under the step's key (docs/product.md#daten). */
export interface Project extends ProjectSummary {
  definition_version: number;
  approved_at: string | null;
  edit_token?: string;
  user: { company: string; contact_name: string | null; contact_email: string | null };
  [stepKey: string]: unknown;
}

export type ProjectChanges = Partial<
  Pick<
    ProjectSummary,
    | 'project_name'
    | 'customer_firm'
    | 'is_niceview_enabled'
    | 'is_approved'
    | 'is_archived'
    | 'version'
  >
>;

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
    createProject: build.mutation<Project, { project_name: string; customer_firm: string }>({
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
  useCreateProjectMutation,
  useUpdateProjectMutation,
  useDeleteProjectMutation,
  useApproveProjectMutation,
  useRegenerateEditTokenMutation,
} = projectsApi;
