/**
 * Real places used to generate demo events: name, ISO country code, latitude and longitude
 * (WGS 84, degrees), and a region to group them.
 * @module
 */

/** A place events can happen at. */
export interface DemoPlace {
  readonly name: string
  readonly country: string
  readonly latitude: number
  readonly longitude: number
  readonly region: 'africa' | 'americas' | 'asia' | 'europe' | 'oceania'
}

/** About seventy cities on every inhabited continent. */
export const DEMO_PLACES: readonly DemoPlace[] = [
  { name: 'Lagos', country: 'NG', latitude: 6.5244, longitude: 3.3792, region: 'africa' },
  { name: 'Nairobi', country: 'KE', latitude: -1.2921, longitude: 36.8219, region: 'africa' },
  { name: 'Cairo', country: 'EG', latitude: 30.0444, longitude: 31.2357, region: 'africa' },
  { name: 'Johannesburg', country: 'ZA', latitude: -26.2041, longitude: 28.0473, region: 'africa' },
  { name: 'Cape Town', country: 'ZA', latitude: -33.9249, longitude: 18.4241, region: 'africa' },
  { name: 'Accra', country: 'GH', latitude: 5.6037, longitude: -0.187, region: 'africa' },
  { name: 'Addis Ababa', country: 'ET', latitude: 9.03, longitude: 38.74, region: 'africa' },
  { name: 'Dakar', country: 'SN', latitude: 14.7167, longitude: -17.4677, region: 'africa' },
  { name: 'Kinshasa', country: 'CD', latitude: -4.4419, longitude: 15.2663, region: 'africa' },
  { name: 'Casablanca', country: 'MA', latitude: 33.5731, longitude: -7.5898, region: 'africa' },
  { name: 'Khartoum', country: 'SD', latitude: 15.5007, longitude: 32.5599, region: 'africa' },
  { name: 'Kampala', country: 'UG', latitude: 0.3476, longitude: 32.5825, region: 'africa' },
  { name: 'New York', country: 'US', latitude: 40.7128, longitude: -74.006, region: 'americas' },
  { name: 'Los Angeles', country: 'US', latitude: 34.0522, longitude: -118.2437, region: 'americas' },
  { name: 'Chicago', country: 'US', latitude: 41.8781, longitude: -87.6298, region: 'americas' },
  { name: 'Houston', country: 'US', latitude: 29.7604, longitude: -95.3698, region: 'americas' },
  { name: 'Phoenix', country: 'US', latitude: 33.4484, longitude: -112.074, region: 'americas' },
  { name: 'Philadelphia', country: 'US', latitude: 39.9526, longitude: -75.1652, region: 'americas' },
  { name: 'Atlanta', country: 'US', latitude: 33.749, longitude: -84.388, region: 'americas' },
  { name: 'Denver', country: 'US', latitude: 39.7392, longitude: -104.9903, region: 'americas' },
  { name: 'Seattle', country: 'US', latitude: 47.6062, longitude: -122.3321, region: 'americas' },
  { name: 'Des Moines', country: 'US', latitude: 41.5868, longitude: -93.625, region: 'americas' },
  { name: 'Manchester', country: 'US', latitude: 42.9956, longitude: -71.4548, region: 'americas' },
  { name: 'Toronto', country: 'CA', latitude: 43.6532, longitude: -79.3832, region: 'americas' },
  { name: 'Montreal', country: 'CA', latitude: 45.5017, longitude: -73.5673, region: 'americas' },
  { name: 'Vancouver', country: 'CA', latitude: 49.2827, longitude: -123.1207, region: 'americas' },
  { name: 'Mexico City', country: 'MX', latitude: 19.4326, longitude: -99.1332, region: 'americas' },
  { name: 'Guatemala City', country: 'GT', latitude: 14.6349, longitude: -90.5069, region: 'americas' },
  { name: 'Bogotá', country: 'CO', latitude: 4.711, longitude: -74.0721, region: 'americas' },
  { name: 'Lima', country: 'PE', latitude: -12.0464, longitude: -77.0428, region: 'americas' },
  { name: 'Santiago', country: 'CL', latitude: -33.4489, longitude: -70.6693, region: 'americas' },
  { name: 'Buenos Aires', country: 'AR', latitude: -34.6037, longitude: -58.3816, region: 'americas' },
  { name: 'São Paulo', country: 'BR', latitude: -23.5505, longitude: -46.6333, region: 'americas' },
  { name: 'Rio de Janeiro', country: 'BR', latitude: -22.9068, longitude: -43.1729, region: 'americas' },
  { name: 'Caracas', country: 'VE', latitude: 10.4806, longitude: -66.9036, region: 'americas' },
  { name: 'Quito', country: 'EC', latitude: -0.1807, longitude: -78.4678, region: 'americas' },
  { name: 'Tokyo', country: 'JP', latitude: 35.6762, longitude: 139.6503, region: 'asia' },
  { name: 'Osaka', country: 'JP', latitude: 34.6937, longitude: 135.5023, region: 'asia' },
  { name: 'Seoul', country: 'KR', latitude: 37.5665, longitude: 126.978, region: 'asia' },
  { name: 'Beijing', country: 'CN', latitude: 39.9042, longitude: 116.4074, region: 'asia' },
  { name: 'Shanghai', country: 'CN', latitude: 31.2304, longitude: 121.4737, region: 'asia' },
  { name: 'Hong Kong', country: 'HK', latitude: 22.3193, longitude: 114.1694, region: 'asia' },
  { name: 'Taipei', country: 'TW', latitude: 25.033, longitude: 121.5654, region: 'asia' },
  { name: 'Manila', country: 'PH', latitude: 14.5995, longitude: 120.9842, region: 'asia' },
  { name: 'Jakarta', country: 'ID', latitude: -6.2088, longitude: 106.8456, region: 'asia' },
  { name: 'Bangkok', country: 'TH', latitude: 13.7563, longitude: 100.5018, region: 'asia' },
  { name: 'Hanoi', country: 'VN', latitude: 21.0278, longitude: 105.8342, region: 'asia' },
  { name: 'Yangon', country: 'MM', latitude: 16.8409, longitude: 96.1735, region: 'asia' },
  { name: 'Dhaka', country: 'BD', latitude: 23.8103, longitude: 90.4125, region: 'asia' },
  { name: 'Delhi', country: 'IN', latitude: 28.7041, longitude: 77.1025, region: 'asia' },
  { name: 'Mumbai', country: 'IN', latitude: 19.076, longitude: 72.8777, region: 'asia' },
  { name: 'Karachi', country: 'PK', latitude: 24.8607, longitude: 67.0011, region: 'asia' },
  { name: 'Kabul', country: 'AF', latitude: 34.5553, longitude: 69.2075, region: 'asia' },
  { name: 'Tehran', country: 'IR', latitude: 35.6892, longitude: 51.389, region: 'asia' },
  { name: 'Baghdad', country: 'IQ', latitude: 33.3152, longitude: 44.3661, region: 'asia' },
  { name: 'Beirut', country: 'LB', latitude: 33.8938, longitude: 35.5018, region: 'asia' },
  { name: 'Istanbul', country: 'TR', latitude: 41.0082, longitude: 28.9784, region: 'asia' },
  { name: 'London', country: 'GB', latitude: 51.5072, longitude: -0.1276, region: 'europe' },
  { name: 'Paris', country: 'FR', latitude: 48.8566, longitude: 2.3522, region: 'europe' },
  { name: 'Berlin', country: 'DE', latitude: 52.52, longitude: 13.405, region: 'europe' },
  { name: 'Madrid', country: 'ES', latitude: 40.4168, longitude: -3.7038, region: 'europe' },
  { name: 'Rome', country: 'IT', latitude: 41.9028, longitude: 12.4964, region: 'europe' },
  { name: 'Warsaw', country: 'PL', latitude: 52.2297, longitude: 21.0122, region: 'europe' },
  { name: 'Kyiv', country: 'UA', latitude: 50.4501, longitude: 30.5234, region: 'europe' },
  { name: 'Athens', country: 'GR', latitude: 37.9838, longitude: 23.7275, region: 'europe' },
  { name: 'Stockholm', country: 'SE', latitude: 59.3293, longitude: 18.0686, region: 'europe' },
  { name: 'Lisbon', country: 'PT', latitude: 38.7223, longitude: -9.1393, region: 'europe' },
  { name: 'Budapest', country: 'HU', latitude: 47.4979, longitude: 19.0402, region: 'europe' },
  { name: 'Belgrade', country: 'RS', latitude: 44.7866, longitude: 20.4489, region: 'europe' },
  { name: 'Sydney', country: 'AU', latitude: -33.8688, longitude: 151.2093, region: 'oceania' },
  { name: 'Melbourne', country: 'AU', latitude: -37.8136, longitude: 144.9631, region: 'oceania' },
  { name: 'Auckland', country: 'NZ', latitude: -36.8485, longitude: 174.7633, region: 'oceania' },
  { name: 'Port Moresby', country: 'PG', latitude: -9.4438, longitude: 147.1803, region: 'oceania' },
]
