# frozen_string_literal: true

# Ruby client overhead, side by side in one run: the same multipart `unlock` request through
# PdfService::Client and through a bare Net::HTTP call (both keep-alive, the bare one with
# Net::HTTP's own streaming multipart form), alternating; prints medians as JSON.
# `ruby -I clients/ruby/lib client_ruby.rb URL KEY FILE ROUNDS`
require "json"
require "net/http"
require "pdf_service"

url, key, source, rounds = ARGV
rounds = Integer(rounds)
client = PdfService::Client.new(base_url: url, api_key: key)
uri = URI(url)
bare = Net::HTTP.new(uri.host, uri.port)
bare.start

def clock
  Process.clock_gettime(Process::CLOCK_MONOTONIC)
end

def median(values)
  sorted = values.sort
  mid = sorted.size / 2
  sorted.size.odd? ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2.0
end

through_client = lambda do
  started = clock
  body = client.unlock(source).read
  elapsed = clock - started
  raise "bad answer" unless body.start_with?("%PDF-")

  elapsed * 1000
end

through_net_http = lambda do
  started = clock
  body = File.open(source, "rb") do |file|
    request = Net::HTTP::Post.new("/v1/pdf/unlock", "Authorization" => "Bearer #{key}")
    request.set_form([["file", file, { filename: File.basename(source), content_type: "application/octet-stream" }]], "multipart/form-data")
    response = bare.request(request)
    raise "status #{response.code}" unless response.code == "200"

    response.body
  end
  elapsed = clock - started
  raise "bad answer" unless body.start_with?("%PDF-")

  elapsed * 1000
end

3.times do
  through_client.call
  through_net_http.call
end
a = []
b = []
rounds.times do |i|
  if i.even?
    a << through_client.call
    b << through_net_http.call
  else
    b << through_net_http.call
    a << through_client.call
  end
end
pairs = a.zip(b).map { |x, y| x - y }
puts JSON.generate(rounds: rounds, client_ms: median(a), bare_ms: median(b), paired_overhead_ms: median(pairs))
