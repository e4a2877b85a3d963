declare module "zipcodes" {
  interface ZipInfo {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: {
    lookup(zip: string | number): ZipInfo | undefined;
    lookupByName(city: string, state: string): ZipInfo[];
    distance(a: string | number, b: string | number): number | null;
    states: { full: Record<string, string>; abbr: Record<string, string> };
  };
  export default zipcodes;
}
