# frozen_string_literal: true

require "date"
require "time"

module PdfService
  # A short-lived browser token (docs/api.md §2b) as Client#create_token returns it: hand #token
  # to a web page, which uses it as its client's api_key. expires_at is a Time; scopes nil means
  # the key's own; max_uses and origin nil when unlimited or unbound.
  BrowserToken = Struct.new(:token, :expires_at, :scopes, :max_uses, :origin, keyword_init: true) do
    def self.from_json(hash)
      new(token: hash.fetch("token"), expires_at: Time.iso8601(hash.fetch("expires_at")),
          scopes: hash["scopes"], max_uses: hash["max_uses"], origin: hash["origin"])
    end

    # The token is a bearer credential: keep it out of inspect output (and so out of logs).
    def inspect
      "#<struct #{self.class.name} token=\"#{token.to_s[0, 8]}…\", expires_at=#{expires_at.inspect}, " \
        "scopes=#{scopes.inspect}, max_uses=#{max_uses.inspect}, origin=#{origin.inspect}>"
    end
    alias_method :to_s, :inspect
  end

  # One UTC day of an account's usage: requests charged and their split by operation
  # (by_operation: operation name => count; operations not used that day are absent).
  UsageDay = Struct.new(:date, :requests, :by_operation, keyword_init: true) do
    def self.from_json(hash)
      new(date: Date.iso8601(hash.fetch("date")), requests: hash.fetch("requests"), by_operation: hash.fetch("by_operation"))
    end
  end

  # The account's usage report (Client#usage): from..to (Dates, UTC), one UsageDay per day
  # oldest first, days without use included with zeros.
  Usage = Struct.new(:account, :from, :to, :days, keyword_init: true) do
    def self.from_json(hash)
      new(account: hash["account"], from: hash["from"] && Date.iso8601(hash["from"]), to: hash["to"] && Date.iso8601(hash["to"]),
          days: hash.fetch("days").map { |day| UsageDay.from_json(day) })
    end

    # The UsageDay of `date` (a Date or "YYYY-MM-DD"), nil outside the report.
    def on(date)
      date = Date.iso8601(date) if date.is_a?(String)
      days.find { |day| day.date == date }
    end
  end
end
