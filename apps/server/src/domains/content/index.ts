/* The shop's content: articles, links, hot search terms, site settings and the company details. */
export { company, contentDetail, listContents } from './content.service.ts';
