// Query keys of the people pages (teacher/{id} and student-profile/{id}), one factory.
export const peopleKeys = {
  all: ['people'] as const,
  teacher: (id: string) => [...peopleKeys.all, 'teacher', id] as const,
  student: (id: string) => [...peopleKeys.all, 'student', id] as const,
}
