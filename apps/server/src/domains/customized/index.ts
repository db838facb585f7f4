/*
 * Members' custom-synthesis requests (定制); the staff inbox handles and answers them through
 * this face.
 */
export { resolveRequest, setRequestHandling } from './customized.service.ts';
