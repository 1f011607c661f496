extension CityResult where Value == WeeklyForecast {
    public func cityName(_ language: Language) -> String {
        language == .en && !city.english.isEmpty ? city.english : city.name
    }
    public func prefectureName(_ language: Language) -> String {
        language.prefectureName(city.prefecture)
    }
    func days(_ days: Int) -> ArraySlice<WeeklyDay> {
        (week?.days ?? []).prefix(max(1, days))
    }
}

extension WeeklyDay {
    var iconText: String? {
        weatherCode.map { WeatherIcon($0).rawValue } ?? code
    }
}
