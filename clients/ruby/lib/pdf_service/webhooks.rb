# frozen_string_literal: true

require "json"
require "openssl"

module PdfService
  # A webhook whose headers are missing, whose timestamp is out of tolerance, or whose signature does not match.
  class WebhookVerificationError < StandardError; end

  # Standard Webhooks (https://www.standardwebhooks.com/) verification of the messages the
  # service sends when a job ends: HMAC-SHA256 over "id.timestamp.body" keyed with the
  # secret's bytes (whsec_ + base64); any of the space-separated v1 signatures may match,
  # compared in constant time; timestamps more than `tolerance` seconds from now are refused.
  module Webhooks
    module_function

    # Verifies a webhook and returns the parsed event (string keys). `headers`: a Hash (any
    # case; values may be arrays), a Rack env (HTTP_WEBHOOK_ID, …) or Net::HTTP headers;
    # `body`: the raw request body exactly as received. Raises WebhookVerificationError.
    def verify(headers, body, secret, tolerance: 300, now: Time.now)
      id = header(headers, "webhook-id")
      timestamp = header(headers, "webhook-timestamp")
      signatures = header(headers, "webhook-signature")
      raise WebhookVerificationError, "missing webhook-id, webhook-timestamp or webhook-signature" unless id && timestamp && signatures
      raise WebhookVerificationError, "webhook-timestamp is not a number" unless timestamp.match?(/\A\d+\z/)
      raise WebhookVerificationError, "webhook-timestamp outside the tolerance" if (now.to_f - timestamp.to_i).abs > tolerance

      raw = body.to_s.b
      expected = OpenSSL::HMAC.digest("SHA256", key_of(secret), "#{id}.#{timestamp}.".b + raw)
      signatures.split(" ").each do |candidate|
        version, value = candidate.split(",", 2)
        next unless version == "v1" && value

        signature = decode64(value)
        next unless signature && signature.bytesize == expected.bytesize

        return JSON.parse(raw) if OpenSSL.fixed_length_secure_compare(signature, expected)
      end
      raise WebhookVerificationError, "no signature matches"
    end

    def key_of(secret)
      decode64(secret.delete_prefix("whsec_")) || raise(WebhookVerificationError, "the secret is not whsec_<base64>")
    end

    # Strict base64 (RFC 4648), nil when malformed.
    def decode64(value)
      value.unpack1("m0")
    rescue ArgumentError
      nil
    end

    def header(headers, name)
      rack = "HTTP_#{name.upcase.tr('-', '_')}"
      headers.each do |key, value|
        next unless key.to_s.casecmp?(name) || key.to_s == rack

        value = value.first if value.is_a?(Array)
        return value&.to_s
      end
      nil
    end
  end

  # Shorthand for Webhooks.verify.
  def self.verify_webhook(headers, body, secret, tolerance: 300, now: Time.now)
    Webhooks.verify(headers, body, secret, tolerance: tolerance, now: now)
  end

  # A one-shot signal between threads, e.g. from a webhook handler to Client#wait(job, notified:).
  # Anything with #set? and #wait(seconds) will do (Concurrent::Event, for one).
  class Event
    def initialize
      @mutex = Mutex.new
      @condition = ConditionVariable.new
      @set = false
    end

    def set
      @mutex.synchronize do
        @set = true
        @condition.broadcast
      end
      self
    end

    def set?
      @set
    end

    # Waits until set or `timeout` seconds passed; true when set.
    def wait(timeout = nil)
      @mutex.synchronize { @condition.wait(@mutex, timeout) unless @set }
      @set
    end
  end
end
