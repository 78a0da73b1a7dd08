# frozen_string_literal: true

require "time"
require "uri"

module PdfService
  # The account's daily allowance from the IETF RateLimit fields of an answer
  # (`RateLimit-Policy: "daily";q=100;w=86400`, `RateLimit: "daily";r=99;t=3600`); reset in seconds.
  RateLimit = Struct.new(:limit, :remaining, :reset, keyword_init: true) do
    # nil when the answer carries no RateLimit fields (the enterprise plan has none).
    def self.parse(headers)
      policy = /q=(\d+)/.match(headers["ratelimit-policy"].to_s)
      current = /r=(\d+);\s*t=(\d+)/.match(headers["ratelimit"].to_s)
      return nil unless policy && current

      new(limit: policy[1].to_i, remaining: current[1].to_i, reset: current[2].to_i)
    end
  end

  # What the headers of an answer say, as the client reads them (keys lowercased).
  module Headers
    module_function

    # Retry-After in seconds (a number of seconds or an HTTP date), nil when absent or unreadable.
    def retry_after(headers)
      value = headers["retry-after"].to_s.strip
      return nil if value.empty?
      return value.to_f if value.match?(/\A\d+\z/)

      [Time.httpdate(value) - Time.now, 0.0].max
    rescue ArgumentError
      nil
    end

    # The file name from Content-Disposition, the UTF-8 form (filename*=) preferred.
    def filename(headers)
      header = headers["content-disposition"].to_s
      if (utf8 = /filename\*=UTF-8''([^;]+)/i.match(header))
        return URI.decode_www_form_component(utf8[1].strip.gsub("+", "%2B")).force_encoding(Encoding::UTF_8)
      end

      plain = /filename="([^"]*)"/i.match(header)
      plain && plain[1]
    end
  end
end
