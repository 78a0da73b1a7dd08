# frozen_string_literal: true

# A client process for the memory check: sends ARGV[2] through `unlock` and streams the answer
# to ARGV[3]; prints its peak RSS growth over the warmed-up baseline as JSON. Run as
# `ruby -I<lib> roundtrip.rb URL KEY IN OUT` (the suite and scripts/bench/client-ruby.ts do).
require "json"
require "pdf_service"

def status_of(field)
  File.foreach("/proc/self/status") { |line| return line.split[1].to_i * 1024 if line.start_with?("#{field}:") }
  raise KeyError, field
end

url, key, source, target = ARGV
client = PdfService::Client.new(base_url: url, api_key: key)
# Warm up (libraries loaded, first connection, one small upload and download) before the baseline.
client.account
client.unlock(File.expand_path("../../../../test/corpus/trivial.pdf", __dir__)) { |result| result.read }
GC.start
# Writing 5 to clear_refs resets VmHWM (Linux >= 4.0), so the peak below is this round trip's.
File.write("/proc/self/clear_refs", "5")
baseline = status_of("VmRSS")
client.unlock(source) { |result| result.save(target) }
puts JSON.generate(growth_mib: (status_of("VmHWM") - baseline) / 1024.0 / 1024.0, bytes: File.size(target))
