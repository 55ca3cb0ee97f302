export { certificatesRoutes } from './certificates.routes';
export { certificateVerifyUrl, issueCertificate, type NewCertificate } from './certificates.service';
export { retirementMemo } from './certificates.chain';
