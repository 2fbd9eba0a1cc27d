/* TRANSITION: this resource's endpoints are being declared here (api/endpoint.ts). */
export {};
