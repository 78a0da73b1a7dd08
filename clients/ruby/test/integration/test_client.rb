# frozen_string_literal: true

# The Ruby client against a real server and the real tools: every operation once, files in and
# out in each form, an error of each class, a free key spent, a browser token and the usage it
# leaves, a job with a webhook verified by PdfService::Webhooks, and flat memory on a 90 MiB
# round trip (in a separate process).
require "fileutils"
require "pathname"
require "socket"
require "stringio"
require_relative "helper"
require_relative "examples"
require_relative "bigpdf"

class ClientIntegrationTest < Minitest::Test
  include Integration

  def setup
    @dir = Dir.mktmpdir("pdf-client-rb-")
    @client = client
  end

  def teardown
    @client.close
    FileUtils.rm_rf(@dir)
  end

  def test_every_operation_once_through_its_method
    table = Examples.all(@dir)
    assert_empty PdfService::OPERATIONS.keys - table.keys, "operations without a client example"
    PdfService::OPERATIONS.each_key do |name|
      example = table.fetch(name)
      out = File.join(@dir, "#{name}.out")
      content_type = @client.public_send(PdfService::OPERATIONS[name][:method], example.input, **example.options) do |result|
        assert result.request_id, name
        result.save(out)
        result.content_type
      end
      assert example.check.call(out, content_type), "#{name}: the output failed its check"
    end
  end

  def test_files_in_as_path_pathname_bytes_and_streams_out_as_bytes_chunks_and_zip_entries
    trivial = corpus("trivial.pdf")
    reader, writer = IO.pipe
    feeder = Thread.new do
      File.open(trivial, "rb") { |f| IO.copy_stream(f, writer) }
    ensure
      writer.close
    end
    inputs = [trivial, Pathname(trivial), PdfService::Upload.bytes(File.binread(trivial), filename: "bytes.pdf"), File.open(trivial, "rb"), reader]
    merged = @client.merge(inputs, bookmarks: true)
    feeder.join
    assert_equal "trivial-merged.pdf", merged.filename
    File.binwrite(File.join(@dir, "merged.pdf"), merged.read)
    assert_equal 5, page_count(File.join(@dir, "merged.pdf"))
    assert_equal merged.read, merged.read, "a spooled answer reads again"

    names = File.open(corpus("tracemonkey.pdf"), "rb") do |file|
      @client.split(file, mode: "every", pages_per_file: 5) do |result|
        assert_equal "application/zip", result.content_type
        result.each_entry.map do |entry|
          target = entry.save(File.join(@dir, entry.name))
          "#{entry.name}:#{page_count(target)}"
        end
      end
    end
    assert_equal ["tracemonkey-1.pdf:5", "tracemonkey-2.pdf:5", "tracemonkey-3.pdf:4"], names
    spooled = @client.split(corpus("tracemonkey.pdf"), mode: "every", pages_per_file: 7)
    assert_equal %w[tracemonkey-1.pdf tracemonkey-2.pdf], spooled.each_entry.map(&:name)
    spooled.close

    text = @client.extract_text(corpus("tracemonkey.pdf"), pages: "1", format: "json").json
    assert_includes text["pages"][0]["text"], "Trace-based Just-in-Time"
    chunks = []
    @client.unlock(trivial) { |result| result.each_chunk { |chunk| chunks << chunk } }
    assert chunks.join.start_with?("%PDF-")
    assert_equal "%PDF-", @client.run("unlock", file: trivial).read[0, 5]
  end

  def test_an_error_of_each_class
    cases = [
      [-> { @client.split(corpus("trivial.pdf"), mode: "every", pages_per_file: 0) }, PdfService::InvalidRequestError, "invalid_request", 400],
      [-> { @client.unlock(corpus("invalid.pdf")) }, PdfService::InvalidPdfError, "invalid_pdf", 422],
      [-> { @client.unlock(corpus("encrypted-aes256-user-view-owner-master.pdf")) }, PdfService::PasswordRequiredError, "password_required", 422],
      [-> { @client.unlock(corpus("encrypted-aes256-user-view-owner-master.pdf"), password: "wrong") }, PdfService::IncorrectPasswordError, "incorrect_password", 422],
      [-> { @client.unlock(corpus("typewriter.png")) }, PdfService::UnsupportedMediaTypeError, "unsupported_media_type", 415],
      [-> { PdfService::Client.new(base_url: CONFIG["url"], api_key: "pdf_live_nope").account }, PdfService::AuthenticationError, "invalid_api_key", 401],
      [-> { @client.job("no-such-job") }, PdfService::NotFoundError, "not_found", 404]
    ]
    cases.each do |call, klass, code, status|
      error = assert_raises(klass) { call.call }
      assert_kind_of PdfService::Error, error
      assert_equal [status, code, code], [error.status, error.code, error.problem["code"]]
      assert error.detail && error.request_id, code
    end
    closed = TCPServer.new("127.0.0.1", 0)
    port = closed.addr[1]
    closed.close
    offline = assert_raises(PdfService::NetworkError) { PdfService::Client.new(base_url: "http://127.0.0.1:#{port}", api_key: "x", retries: 1, backoff: 0.01).account }
    assert_equal [0, "network_error"], [offline.status, offline.code]
  end

  def test_a_free_key_runs_out_of_its_allowance
    free = client("free")
    first = free.unlock(corpus("trivial.pdf"))
    assert_equal [100, 99], [first.rate_limit.limit, first.rate_limit.remaining]
    99.times do # refused before any tool runs, still charged
      assert_raises(PdfService::InvalidRequestError) { free.split(corpus("trivial.pdf"), mode: "every", pages_per_file: 0) }
    end
    error = assert_raises(PdfService::QuotaExceededError) { free.unlock(corpus("trivial.pdf")) }
    assert_equal 429, error.status
    assert_operator error.retry_after, :>, 0
    assert_equal 0, free.last_rate_limit.remaining
    account = free.account
    assert_equal ["free", 100, 0], account.values_at("plan", "used_today", "remaining")
  end

  def test_a_browser_token_limited_to_merge_and_the_usage_it_leaves
    backend = client("tokens")
    minted = backend.create_token(scopes: ["merge"], max_uses: 2)
    assert_match(/\Apdf_tok_[0-9A-Za-z]{43}\z/, minted.token)
    assert_equal [["merge"], 2, nil], [minted.scopes, minted.max_uses, minted.origin]
    assert_in_delta Time.now + 600, minted.expires_at, 60 # the default life
    refute_includes minted.inspect, minted.token, "the token stays out of inspect output"

    browser = PdfService::Client.new(base_url: CONFIG.fetch("url"), api_key: minted.token)
    merged = File.join(@dir, "merged.pdf")
    result = browser.merge([corpus("trivial.pdf"), corpus("trivial.pdf")])
    assert_equal 200, result.status
    result.save(merged)
    assert_equal 2, page_count(merged)
    error = assert_raises(PdfService::ForbiddenError) { browser.split(corpus("trivial.pdf"), mode: "every", pages_per_file: 1) }
    assert_equal [403, "insufficient_scope"], [error.status, error.code]
    browser.close

    today = backend.usage(days: 2).on(Time.now.utc.to_date)
    assert_equal [1, { "merge" => 1 }], [today.requests, today.by_operation], "the merge counted, the refused split not"
    backend.close
  end

  def test_a_job_with_a_webhook_verified_by_the_helper
    jobs = client("jobs")
    secret = CONFIG.fetch("webhook_secret")
    received = Queue.new
    arrived = PdfService::Event.new
    receiver = WebhookReceiver.new do |headers, body|
      received << [headers, body]
      arrived.set
    end
    job = jobs.submit("split", file: corpus("tracemonkey.pdf"), mode: "extract", pages: "2-3", callback_url: "#{receiver.url}/hook")
    assert_includes %w[queued running], job["status"]
    done = jobs.wait(job, timeout: 120, notified: arrived)
    assert_equal "succeeded", done["status"]
    out = jobs.result(done) { |result| result.save(File.join(@dir, "job.pdf")) }
    assert_equal 2, page_count(out)
    assert arrived.wait(60), "the webhook arrived"
    headers, body = received.pop
    event = PdfService::Webhooks.verify(headers, body, secret)
    assert_equal ["job.succeeded", job["id"]], [event["type"], event["data"]["id"]]
    assert_raises(PdfService::WebhookVerificationError) { PdfService::Webhooks.verify(headers, "#{body} ", secret) }
    late = Time.at(headers["webhook-timestamp"].to_i + 3600)
    assert_raises(PdfService::WebhookVerificationError) { PdfService::Webhooks.verify(headers, body, secret, now: late) }

    assert_equal "%PDF-", jobs.run_job("unlock", file: corpus("trivial.pdf")) { |result| result.read[0, 5] }
    typed = jobs.compress(corpus("trivial.pdf"), level: "high", async: true)
    assert_equal "compress", typed["operation"]
    assert_equal "succeeded", jobs.wait(typed["id"], timeout: 120)["status"]

    slow = jobs.submit("ocr", file: corpus("multipage.pdf"), mode: "force")
    assert_raises(PdfService::JobNotFinishedError) { jobs.result(slow) }
    assert_equal "canceled", jobs.cancel(slow)["status"]
  ensure
    receiver&.close
  end

  def test_a_90_mib_round_trip_keeps_the_client_flat
    big = BigPdf.write(File.join(@dir, "big.pdf"))
    out = File.join(@dir, "big-out.pdf")
    lib = File.expand_path("../../lib", __dir__)
    script = File.expand_path("roundtrip.rb", __dir__)
    stdout, stderr, status = Open3.capture3(RbConfig.ruby, "-I", lib, script, CONFIG["url"], CONFIG["keys"]["enterprise"], big, out)
    assert status.success?, stderr
    figures = JSON.parse(stdout.lines.last)
    puts format("90 MiB round trip (Ruby client): RSS growth %.1f MiB", figures["growth_mib"])
    assert_equal File.size(big), figures["bytes"]
    assert FileUtils.identical?(big, out), "the answer is the input, byte for byte"
    assert_operator figures["growth_mib"], :<, 32
  end

  # A local HTTP receiver for the service's webhooks: hands each POST's headers and raw body to the block.
  class WebhookReceiver
    def initialize(&on_message)
      @server = TCPServer.new("127.0.0.1", 0)
      @thread = Thread.new do
        loop do
          socket = @server.accept
          headers = {}
          socket.gets
          while (line = socket.gets) && line != "\r\n"
            name, value = line.split(":", 2)
            headers[name.downcase] = value.strip
          end
          body = socket.read(headers["content-length"].to_i)
          socket.write("HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n")
          socket.close
          on_message.call(headers, body)
        end
      end
    end

    def url
      "http://127.0.0.1:#{@server.addr[1]}"
    end

    def close
      @thread.kill
      @server.close
    end
  end
end
