// The API path for each method of ForecastExtendedProvider: the same path the client asked Taskcast
// for, rebuilt from the validated values (so equal requests share one cache key), parameters in a fixed
// order and spelt as the official OpenAPI takes them.

const seg = (s: string): string => encodeURIComponent(s);

export const extendedPaths = {
  tafs: (id: string): string => `/stations/${seg(id)}/tafs`,
  taf: (id: string, date: string, time: string): string => `/stations/${seg(id)}/tafs/${date}/${time}`,
};
