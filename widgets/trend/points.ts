/** Most points of a series of all values (NORMAL): the server keeps the peaks and dips. */
export const RAW_POINTS = 500;
