/**
 * First-level region names and postal codes of the countries whose files most often name a region
 * without the country: US states and territories, Canadian provinces, Australian states. Written for
 * this project; the offline gazetteer has its own, fuller region data.
 */
export const REGION_COUNTRY_BY_NAME: ReadonlyMap<string, string> = new Map(
  Object.entries({
    US: 'AL Alabama|AK Alaska|AZ Arizona|AR Arkansas|CA California|CO Colorado|CT Connecticut|DE Delaware|DC District of Columbia|FL Florida|GA Georgia|HI Hawaii|ID Idaho|IL Illinois|IN Indiana|IA Iowa|KS Kansas|KY Kentucky|LA Louisiana|ME Maine|MD Maryland|MA Massachusetts|MI Michigan|MN Minnesota|MS Mississippi|MO Missouri|MT Montana|NE Nebraska|NV Nevada|NH New Hampshire|NJ New Jersey|NM New Mexico|NY New York|NC North Carolina|ND North Dakota|OH Ohio|OK Oklahoma|OR Oregon|PA Pennsylvania|RI Rhode Island|SC South Carolina|SD South Dakota|TN Tennessee|TX Texas|UT Utah|VT Vermont|VA Virginia|WA Washington|WV West Virginia|WI Wisconsin|WY Wyoming|PR Puerto Rico|GU Guam|VI Virgin Islands|AS American Samoa|MP Northern Mariana Islands',
    CA: 'AB Alberta|BC British Columbia|MB Manitoba|NB New Brunswick|NL Newfoundland and Labrador|NS Nova Scotia|NT Northwest Territories|NU Nunavut|ON Ontario|PE Prince Edward Island|QC Quebec|SK Saskatchewan|YT Yukon',
    AU: 'ACT Australian Capital Territory|NSW New South Wales|QLD Queensland|SA South Australia|TAS Tasmania|VIC Victoria|WA Western Australia',
  })
    .flatMap(([country, regions]) =>
      regions.split('|').flatMap((entry) => {
        const space = entry.indexOf(' ')
        const code = entry.slice(0, space).toLowerCase()
        const name = entry.slice(space + 1).toLowerCase()
        // Ambiguous codes (WA, NT) count for the first country listed: the US.
        return [
          [name, country],
          [code, country],
        ] as Array<[string, string]>
      }),
    )
    .reverse(),
)

/** Country names people write in a country column, mapped to ISO alpha-2 (codes are accepted as they are). */
export const COMMON_COUNTRY_NAMES: ReadonlyMap<string, string> = new Map([
  ['united states', 'US'],
  ['united states of america', 'US'],
  ['usa', 'US'],
  ['america', 'US'],
  ['canada', 'CA'],
  ['australia', 'AU'],
  ['united kingdom', 'GB'],
  ['uk', 'GB'],
  ['great britain', 'GB'],
  ['england', 'GB'],
  ['scotland', 'GB'],
  ['wales', 'GB'],
  ['germany', 'DE'],
  ['deutschland', 'DE'],
  ['france', 'FR'],
  ['spain', 'ES'],
  ['espana', 'ES'],
  ['italy', 'IT'],
  ['italia', 'IT'],
  ['mexico', 'MX'],
  ['brazil', 'BR'],
  ['brasil', 'BR'],
  ['india', 'IN'],
  ['china', 'CN'],
  ['japan', 'JP'],
  ['netherlands', 'NL'],
  ['nederland', 'NL'],
  ['ireland', 'IE'],
  ['new zealand', 'NZ'],
  ['south africa', 'ZA'],
  ['nigeria', 'NG'],
  ['kenya', 'KE'],
  ['ukraine', 'UA'],
  ['russia', 'RU'],
  ['poland', 'PL'],
  ['switzerland', 'CH'],
  ['schweiz', 'CH'],
  ['austria', 'AT'],
  ['osterreich', 'AT'],
  ['belgium', 'BE'],
  ['sweden', 'SE'],
  ['norway', 'NO'],
  ['denmark', 'DK'],
  ['argentina', 'AR'],
  ['colombia', 'CO'],
  ['chile', 'CL'],
  ['peru', 'PE'],
  ['philippines', 'PH'],
  ['indonesia', 'ID'],
  ['pakistan', 'PK'],
  ['bangladesh', 'BD'],
  ['turkey', 'TR'],
  ['turkiye', 'TR'],
  ['egypt', 'EG'],
  ['israel', 'IL'],
  ['iran', 'IR'],
  ['iraq', 'IQ'],
  ['syria', 'SY'],
  ['afghanistan', 'AF'],
])
