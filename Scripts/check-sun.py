#!/usr/bin/env python3
"""Compares `forecast sun` with PyEphem (pip install ephem), an independent computation of the
Sun's place (VSOP87), at the same coordinates and with the almanac's definition: the centre at
-0°50' on a sea-level horizon, no further refraction.

    Scripts/check-sun.py [FORECAST] [--cities ID,ID|all] [--years 2000-2100]

For each city and year it runs `forecast sun --date YYYY-01-01 --days 365|366 -f tsv` and prints
how many times differ from PyEphem's (rounded to the minute) by 0, 1 and more minutes, and the
largest difference before rounding. Exit 1 if any printed time is more than a minute away.
"""
import argparse, datetime, subprocess, sys

import ephem


def reference(lat, lon, date):
    observer = ephem.Observer()
    observer.lat, observer.lon, observer.elevation = str(lat), str(lon), 0
    observer.pressure, observer.horizon = 0, "-0:50"
    # JST midnight of the date, as UTC.
    observer.date = ephem.Date(datetime.datetime(date.year, date.month, date.day) - datetime.timedelta(hours=9))
    sun = ephem.Sun()
    times = []
    for event in (observer.next_rising, observer.next_setting):
        moment = ephem.Date(event(sun, use_center=True)).datetime() + datetime.timedelta(hours=9)
        times.append(moment.hour * 60 + moment.minute + moment.second / 60 + moment.microsecond / 6e7)
    return times


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("forecast", nargs="?", default=".build/release/forecast")
    parser.add_argument("--cities", default="130010")
    parser.add_argument("--years", default="2026-2026")
    args = parser.parse_args()
    first, last = (int(y) for y in args.years.split("-"))
    cities = args.cities
    if cities == "all":
        listing = subprocess.run([args.forecast, "cities"], capture_output=True, text=True, check=True).stdout
        cities = ",".join(line.split("\t")[0] for line in listing.splitlines())
    counts = {0: 0, 1: 0, "more": 0}
    worst = (0.0, "")
    for year in range(first, last + 1):
        days = 366 if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0) else 365
        output = subprocess.run(
            [args.forecast, "sun", "--lang", "en", "--date", f"{year}-01-01", "--days", str(days), "-f", "json", *cities.split(",")],
            capture_output=True, text=True, check=True).stdout
        import json
        for city in json.loads(output):
            for day in city["days"]:
                date = datetime.date.fromisoformat(day["date"])
                expected = reference(city["latitude"], city["longitude"], date)
                for printed, exact in zip((day["sunrise"], day["sunset"]), expected):
                    hours, minutes = printed.split(":")
                    difference = abs(int(hours) * 60 + int(minutes) - round(exact))
                    counts[difference if difference <= 1 else "more"] += 1
                    off = abs(int(hours) * 60 + int(minutes) - exact)
                    if off > worst[0]:
                        worst = (off, f'{city["id"]} {day["date"]} {printed} against {exact:.3f} min')
    total = sum(counts.values())
    print(f"{total} times: {counts[0]} equal to PyEphem's minute ({100 * counts[0] / total:.2f} %), "
          f"{counts[1]} a minute apart, {counts['more']} more")
    print(f"largest distance of a printed time from PyEphem's unrounded time: {worst[0]:.3f} min ({worst[1]})")
    return 1 if counts["more"] else 0


if __name__ == "__main__":
    sys.exit(main())
