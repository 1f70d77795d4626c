/**
 * Where the events of `npm run bench:read` happen: about 220 city centres, around which most
 * events cluster, and a few boxes over the land masses for the rest. Coordinates are rounded to
 * 0.1°, close enough for a benchmark; population tiers weight how often a city is picked.
 * @module
 */

/** A city centre events cluster around. */
export interface CityCentre {
  readonly name: string
  /** ISO 3166-1 alpha-2. */
  readonly country: string
  readonly longitude: number
  readonly latitude: number
  /** Relative share of the clustered events: 3 for the largest cities, 1 for the smallest. */
  readonly weight: number
}

/** A box over land, in degrees. */
export interface LandBox {
  readonly west: number
  readonly south: number
  readonly east: number
  readonly north: number
}

// name|country|latitude|longitude|weight, kept in one string so 220 cities stay readable.
const CITY_TABLE = `
Tokyo|JP|35.7|139.7|3 Delhi|IN|28.6|77.2|3 Shanghai|CN|31.2|121.5|3 Sao Paulo|BR|-23.6|-46.6|3
Mexico City|MX|19.4|-99.1|3 Cairo|EG|30.0|31.2|3 Mumbai|IN|19.1|72.9|3 Beijing|CN|39.9|116.4|3
Dhaka|BD|23.8|90.4|3 Osaka|JP|34.7|135.5|3 New York|US|40.7|-74.0|3 Karachi|PK|24.9|67.0|3
Buenos Aires|AR|-34.6|-58.4|3 Istanbul|TR|41.0|29.0|3 Kolkata|IN|22.6|88.4|3 Lagos|NG|6.5|3.4|3
Manila|PH|14.6|121.0|3 Rio de Janeiro|BR|-22.9|-43.2|3 Guangzhou|CN|23.1|113.3|3 Los Angeles|US|34.1|-118.2|3
Moscow|RU|55.8|37.6|3 Kinshasa|CD|-4.3|15.3|3 Paris|FR|48.9|2.35|3 Jakarta|ID|-6.2|106.8|3
London|GB|51.5|-0.1|3 Lima|PE|-12.0|-77.0|3 Bangkok|TH|13.8|100.5|3 Seoul|KR|37.6|127.0|3
Chicago|US|41.9|-87.6|2 Tehran|IR|35.7|51.4|2 Bogota|CO|4.7|-74.1|2 Chennai|IN|13.1|80.3|2
Ho Chi Minh City|VN|10.8|106.7|2 Hong Kong|HK|22.3|114.2|2 Baghdad|IQ|33.3|44.4|2 Madrid|ES|40.4|-3.7|2
Luanda|AO|-8.8|13.2|2 Riyadh|SA|24.7|46.7|2 Singapore|SG|1.35|103.8|2 Santiago|CL|-33.4|-70.7|2
Toronto|CA|43.7|-79.4|2 Houston|US|29.8|-95.4|2 Dallas|US|32.8|-96.8|2 Khartoum|SD|15.6|32.5|2
Johannesburg|ZA|-26.2|28.0|2 Barcelona|ES|41.4|2.2|2 Saint Petersburg|RU|59.9|30.3|2 Sydney|AU|-33.9|151.2|2
Melbourne|AU|-37.8|145.0|2 Berlin|DE|52.5|13.4|2 Rome|IT|41.9|12.5|2 Washington|US|38.9|-77.0|2
Miami|US|25.8|-80.2|2 Philadelphia|US|40.0|-75.2|2 Atlanta|US|33.7|-84.4|2 Nairobi|KE|-1.3|36.8|2
Ankara|TR|39.9|32.9|2 Casablanca|MA|33.6|-7.6|2 Abidjan|CI|5.3|-4.0|2 Alexandria|EG|31.2|29.9|2
Hanoi|VN|21.0|105.8|2 Yangon|MM|16.8|96.2|2 Kuala Lumpur|MY|3.1|101.7|2 Bangalore|IN|13.0|77.6|2
Hyderabad|IN|17.4|78.5|2 Ahmedabad|IN|23.0|72.6|2 Pune|IN|18.5|73.9|2 Lahore|PK|31.5|74.3|2
Chongqing|CN|29.6|106.5|2 Chengdu|CN|30.7|104.1|2 Wuhan|CN|30.6|114.3|2 Shenzhen|CN|22.5|114.1|2
Tianjin|CN|39.1|117.2|2 Xi'an|CN|34.3|108.9|2 Taipei|TW|25.0|121.5|2 Nagoya|JP|35.2|136.9|2
Busan|KR|35.2|129.1|2 Addis Ababa|ET|9.0|38.7|2 Dar es Salaam|TZ|-6.8|39.3|2 Accra|GH|5.6|-0.2|2
Belo Horizonte|BR|-19.9|-43.9|2 Brasilia|BR|-15.8|-47.9|2 Salvador|BR|-13.0|-38.5|2 Caracas|VE|10.5|-66.9|2
Guadalajara|MX|20.7|-103.3|2 Monterrey|MX|25.7|-100.3|2 San Francisco|US|37.8|-122.4|2 Seattle|US|47.6|-122.3|2
Boston|US|42.4|-71.1|2 Phoenix|US|33.4|-112.1|2 Montreal|CA|45.5|-73.6|2 Vancouver|CA|49.3|-123.1|2
Milan|IT|45.5|9.2|2 Athens|GR|38.0|23.7|2 Kyiv|UA|50.5|30.5|2 Warsaw|PL|52.2|21.0|2
Vienna|AT|48.2|16.4|2 Hamburg|DE|53.6|10.0|2 Munich|DE|48.1|11.6|2 Budapest|HU|47.5|19.0|2
Bucharest|RO|44.4|26.1|2 Amsterdam|NL|52.4|4.9|2 Brussels|BE|50.8|4.4|2 Lisbon|PT|38.7|-9.1|2
Stockholm|SE|59.3|18.1|2 Dubai|AE|25.2|55.3|2 Jeddah|SA|21.5|39.2|2 Kabul|AF|34.5|69.2|2
Tashkent|UZ|41.3|69.3|2 Almaty|KZ|43.2|76.9|1 Baku|AZ|40.4|49.9|1 Tbilisi|GE|41.7|44.8|1
Yerevan|AM|40.2|44.5|1 Beirut|LB|33.9|35.5|1 Amman|JO|32.0|35.9|1 Jerusalem|IL|31.8|35.2|1
Damascus|SY|33.5|36.3|1 Kuwait City|KW|29.4|48.0|1 Doha|QA|25.3|51.5|1 Muscat|OM|23.6|58.4|1
Sanaa|YE|15.4|44.2|1 Mogadishu|SO|2.0|45.3|1 Kampala|UG|0.3|32.6|1 Kigali|RW|-1.9|30.1|1
Lusaka|ZM|-15.4|28.3|1 Harare|ZW|-17.8|31.0|1 Maputo|MZ|-26.0|32.6|1 Antananarivo|MG|-18.9|47.5|1
Cape Town|ZA|-33.9|18.4|1 Durban|ZA|-29.9|31.0|1 Windhoek|NA|-22.6|17.1|1 Gaborone|BW|-24.7|25.9|1
Dakar|SN|14.7|-17.5|1 Bamako|ML|12.6|-8.0|1 Ouagadougou|BF|12.4|-1.5|1 Niamey|NE|13.5|2.1|1
Abuja|NG|9.1|7.5|1 Kano|NG|12.0|8.5|1 Douala|CM|4.1|9.7|1 Yaounde|CM|3.9|11.5|1
Tunis|TN|36.8|10.2|1 Algiers|DZ|36.8|3.1|1 Tripoli|LY|32.9|13.2|1 Rabat|MA|34.0|-6.8|1
Oslo|NO|59.9|10.8|1 Helsinki|FI|60.2|24.9|1 Copenhagen|DK|55.7|12.6|1 Dublin|IE|53.3|-6.3|1
Edinburgh|GB|56.0|-3.2|1 Manchester|GB|53.5|-2.2|1 Lyon|FR|45.8|4.8|1 Marseille|FR|43.3|5.4|1
Zurich|CH|47.4|8.5|1 Prague|CZ|50.1|14.4|1 Belgrade|RS|44.8|20.5|1 Sofia|BG|42.7|23.3|1
Zagreb|HR|45.8|16.0|1 Riga|LV|56.9|24.1|1 Vilnius|LT|54.7|25.3|1 Minsk|BY|53.9|27.6|1
Naples|IT|40.9|14.3|1 Seville|ES|37.4|-6.0|1 Porto|PT|41.2|-8.6|1 Cologne|DE|50.9|7.0|1
Novosibirsk|RU|55.0|82.9|1 Yekaterinburg|RU|56.8|60.6|1 Vladivostok|RU|43.1|131.9|1 Irkutsk|RU|52.3|104.3|1
Ulaanbaatar|MN|47.9|106.9|1 Harbin|CN|45.8|126.6|1 Shenyang|CN|41.8|123.4|1 Kunming|CN|25.0|102.7|1
Lhasa|CN|29.7|91.1|1 Urumqi|CN|43.8|87.6|1 Sapporo|JP|43.1|141.4|1 Fukuoka|JP|33.6|130.4|1
Kathmandu|NP|27.7|85.3|1 Colombo|LK|6.9|79.9|1 Islamabad|PK|33.7|73.0|1 Jaipur|IN|26.9|75.8|1
Lucknow|IN|26.8|80.9|1 Phnom Penh|KH|11.6|104.9|1 Vientiane|LA|18.0|102.6|1 Cebu|PH|10.3|123.9|1
Surabaya|ID|-7.3|112.7|1 Bandung|ID|-6.9|107.6|1 Medan|ID|3.6|98.7|1 Port Moresby|PG|-9.4|147.2|1
Brisbane|AU|-27.5|153.0|1 Perth|AU|-32.0|115.9|1 Adelaide|AU|-34.9|138.6|1 Auckland|NZ|-36.8|174.8|1
Wellington|NZ|-41.3|174.8|1 Honolulu|US|21.3|-157.9|1 Anchorage|US|61.2|-149.9|1 Denver|US|39.7|-105.0|1
Minneapolis|US|45.0|-93.3|1 Detroit|US|42.3|-83.0|1 New Orleans|US|30.0|-90.1|1 Las Vegas|US|36.2|-115.1|1
Calgary|CA|51.0|-114.1|1 Winnipeg|CA|49.9|-97.1|1 Havana|CU|23.1|-82.4|1 Santo Domingo|DO|18.5|-69.9|1
Guatemala City|GT|14.6|-90.5|1 San Jose|CR|9.9|-84.1|1 Panama City|PA|9.0|-79.5|1 Medellin|CO|6.2|-75.6|1
Quito|EC|-0.2|-78.5|1 Guayaquil|EC|-2.2|-79.9|1 La Paz|BO|-16.5|-68.1|1 Asuncion|PY|-25.3|-57.6|1
Montevideo|UY|-34.9|-56.2|1 Cordoba|AR|-31.4|-64.2|1 Recife|BR|-8.1|-34.9|1 Fortaleza|BR|-3.7|-38.5|1
Manaus|BR|-3.1|-60.0|1 Porto Alegre|BR|-30.0|-51.2|1 Curitiba|BR|-25.4|-49.3|1 Valparaiso|CL|-33.0|-71.6|1
Reykjavik|IS|64.1|-21.9|1 Nuuk|GL|64.2|-51.7|1 Tromso|NO|69.6|19.0|1 Murmansk|RU|69.0|33.1|1
`

/** The city centres, heaviest first. */
export const CITY_CENTRES: readonly CityCentre[] = [
  ...CITY_TABLE.matchAll(/\s*([^|]+?)\|([A-Z]{2})\|(-?[\d.]+)\|(-?[\d.]+)\|(\d)/g),
].map(([, name, country, latitude, longitude, weight]) => ({
  name: name!,
  country: country!,
  latitude: Number(latitude),
  longitude: Number(longitude),
  weight: Number(weight),
}))

/** Boxes over the land masses, for the events spread evenly rather than around a city. */
export const LAND_BOXES: readonly LandBox[] = [
  { west: -124, south: 26, east: -68, north: 49 },
  { west: -135, south: 49, east: -60, north: 65 },
  { west: -75, south: -33, east: -36, north: 4 },
  { west: -10, south: 36, east: 40, north: 60 },
  { west: -16, south: -30, east: 45, north: 30 },
  { west: 40, south: 45, east: 140, north: 68 },
  { west: 70, south: 8, east: 135, north: 45 },
  { west: 115, south: -38, east: 153, north: -15 },
]
