# frozen_string_literal: true

require "json"
require "net/http"
require "openssl"
require "uri"
require_relative "errors"
require_relative "headers"
require_relative "multipart"
require_relative "operations"
require_relative "result"
require_relative "tokens"
require_relative "version"

module PdfService
  # The client of the PDF service. Every operation is a method with keyword options
  # (generated from the OpenAPI document, see Operations):
  #
  #   client = PdfService::Client.new(base_url: "http://127.0.0.1:8080", api_key: ENV["PDF_API_KEY"])
  #   client.merge(["a.pdf", "b.pdf"], bookmarks: true).save("merged.pdf")
  #   client.compress("big.pdf", level: "high") { |result| result.save("small.pdf") }   # streamed
  #
  # Call options, on every operation: retry: true (retry an upload on 503 server_busy, 429
  # concurrency_limit or a network error; job and account steps always do), timeout: seconds,
  # request_id: (sent as X-Request-Id), async: true (submit as a job: returns the job Hash),
  # callback_url: (a webhook for that job), result_url: (an https URL the job's result is PUT to),
  # idempotency_key: (sent as Idempotency-Key: the same key within 24 h gives the same job back,
  # not charged again), parts: { "logo" => "logo.png" } (extra named file parts, e.g. a pipeline
  # step's "@logo"). Any file may be a PdfService::RemoteFile: the service downloads it itself.
  # Connections are kept alive and shared between threads (a small pool).
  class Client
    include Operations

    # Job statuses after which a job does not change.
    ENDED = %w[succeeded failed canceled].freeze
    CALL_OPTIONS = %i[retry timeout request_id async callback_url result_url idempotency_key parts].freeze
    # What "no answer" looks like from Net::HTTP (Errno::* covers refused and reset connections).
    NETWORK_ERRORS = [SocketError, SystemCallError, IOError, EOFError, Timeout::Error,
                      Net::OpenTimeout, Net::ReadTimeout, Net::WriteTimeout, OpenSSL::SSL::SSLError].freeze
    # An unread body up to this size is read off the connection to keep it; a larger one drops the connection.
    DRAIN_LIMIT = 1024 * 1024

    # Retries of idempotent steps (GET, DELETE) and of uploads that ask for it.
    attr_reader :retries
    # X-Request-Id of the last answer.
    attr_reader :last_request_id
    # RateLimit of the last answer that had the fields (nil on an unlimited plan).
    attr_reader :last_rate_limit

    # base_url: e.g. http://127.0.0.1:8080; timeout: seconds to connect and for each read or
    # write of a call; backoff: first wait in seconds when the service gives no Retry-After
    # (doubles each retry).
    def initialize(base_url:, api_key:, timeout: 300, retries: 3, backoff: 0.5)
      @base = URI(base_url.to_s.chomp("/"))
      raise ArgumentError, "base_url must be http(s)://host[:port]" unless %w[http https].include?(@base.scheme)

      @api_key = api_key
      @timeout = timeout
      @retries = retries
      @backoff = backoff
      @idle = []
      @lock = Mutex.new
    end

    # Keeps the API key out of inspect output (and so out of logs and error pages).
    def inspect
      "#<#{self.class.name} #{@base}>"
    end

    # Closes the kept-alive connections (the client stays usable: it reconnects).
    def close
      connections = @lock.synchronize { @idle.slice!(0..) }
      connections.each { |http| http.finish if http.started? }
      nil
    end

    # Runs any operation by name with its fields: file parts and options together, e.g.
    # run("merge", files: ["a.pdf", "b.pdf"], bookmarks: true) (the generic form of the typed methods).
    def run(operation, **fields, &block)
      files, options, call = split_fields(operation, fields)
      perform(operation.to_s, files, options, **call, &block)
    end

    # Submits an operation as an asynchronous job; returns the job (a Hash: "id", "status", …).
    def submit(operation, callback_url: nil, result_url: nil, idempotency_key: nil, **fields)
      files, options, call = split_fields(operation, fields)
      perform(operation.to_s, files, options, **call, async: true, callback_url: callback_url, result_url: result_url, idempotency_key: idempotency_key)
    end

    # The job now (a Hash). `job`: the job Hash or its id.
    def job(job, timeout: nil)
      exchange(Net::HTTP::Get, "/v1/jobs/#{job_id(job)}", may_retry: true, timeout: timeout) { |response| JSON.parse(response.body) }
    end

    # Waits until the job has ended, polling with backoff (200 ms doubling to 5 s), or sooner once
    # `notified` (a PdfService::Event a webhook handler sets) is set. Returns the ended job.
    def wait(job, timeout: 3600, notified: nil)
      deadline = monotonic + timeout
      delay = 0.2
      loop do
        current = self.job(job)
        return current if ENDED.include?(current["status"])
        raise NetworkError.new(status: 0, code: "network_error", detail: "The job #{job_id(job)} did not end in time.") if monotonic > deadline

        if notified && !notified.set?
          notified.wait(delay)
        else
          sleep(notified ? [delay, 0.05].min : delay) # told it ended: look again at once, without spinning
        end
        delay = [delay * 2, 5.0].min
      end
    end

    # The result of a succeeded job: a Result, or with a block the block's value (streamed).
    # A failed job raises its problem.
    def result(job, timeout: nil, &block)
      raise not_succeeded(job) if job.is_a?(Hash) && job["status"] == "failed"

      exchange(Net::HTTP::Get, "/v1/jobs/#{job_id(job)}/result", may_retry: true, timeout: timeout) { |response| answer(response, &block) }
    end

    # Cancels a queued or running job (or deletes a finished one): the job Hash, or nil.
    def cancel(job, timeout: nil)
      exchange(Net::HTTP::Delete, "/v1/jobs/#{job_id(job)}", may_retry: true, timeout: timeout) do |response|
        response.is_a?(Net::HTTPNoContent) ? nil : JSON.parse(response.body)
      end
    end

    # Submit, wait and fetch the result in one call (as #result).
    def run_job(operation, wait_timeout: 3600, **fields, &block)
      done = wait(submit(operation, **fields), timeout: wait_timeout)
      raise not_succeeded(done) unless done["status"] == "succeeded"

      result(done, &block)
    end

    # The account, plan and today's usage (a Hash: "plan", "daily_limit", "used_today", "remaining", …).
    def account(timeout: nil)
      exchange(Net::HTTP::Get, "/v1/account", may_retry: true, timeout: timeout) { |response| JSON.parse(response.body) }
    end

    # The account's usage per UTC day and operation over the last `days` days (1..366): a Usage.
    def usage(days: 30, timeout: nil)
      exchange(Net::HTTP::Get, "/v1/account/usage?days=#{Integer(days)}", may_retry: true, timeout: timeout) do |response|
        Usage.from_json(JSON.parse(response.body))
      end
    end

    # Mints a short-lived browser token from this client's key, for a web page to use as its
    # api_key (docs/api.md §2b): ttl_seconds (1..3600, default 600), scopes (a subset of the key's;
    # default the key's), max_uses, origin ("https://app.example.com": only pages there may use it).
    # Not charged. Sent once, never retried: a retry after a lost answer would mint a second token.
    # Returns a BrowserToken.
    def create_token(ttl_seconds: nil, scopes: nil, max_uses: nil, origin: nil, timeout: nil, request_id: nil)
      fields = { ttl_seconds: ttl_seconds, scopes: scopes, max_uses: max_uses, origin: origin }.compact
      exchange(Net::HTTP::Post, "/v1/tokens", body: JSON.generate(fields), may_retry: false, timeout: timeout, request_id: request_id) do |response|
        BrowserToken.from_json(JSON.parse(response.body))
      end
    end

    private

    # What the generated methods call: one multipart POST, answered by a Result (or a job Hash).
    def perform(operation, files, options, **call, &block)
      unknown = call.keys - CALL_OPTIONS
      raise ArgumentError, "unknown keyword#{'s' if unknown.size > 1}: #{unknown.map(&:inspect).join(', ')}" unless unknown.empty?

      fields = form_fields(options)
      fields << %w[async true] if call[:async]
      fields << ["callback_url", call[:callback_url].to_s] if call[:callback_url]
      fields << ["result_url", call[:result_url].to_s] if call[:result_url]
      files = files.merge((call[:parts] || {}).transform_keys(&:to_s))
      # Not Array(value): an IO is Enumerable, and Array(io) would read its lines.
      parts = files.flat_map { |field, value| (value.is_a?(Array) ? value : [value]).compact.map { |item| [field, item] } }
      # A RemoteFile is fetched by the service: a text field "<part>_url" instead of the bytes.
      remote, parts = parts.partition { |_, item| item.is_a?(RemoteFile) }
      remote.each { |field, item| fields << ["#{field}_url", item.url.to_s] }
      headers = {}
      headers["Idempotency-Key"] = call[:idempotency_key].to_s if call[:idempotency_key]
      body = Multipart.new(fields, parts)
      begin
        exchange(Net::HTTP::Post, "/v1/pdf/#{operation}", body: body, headers: headers, may_retry: call[:retry] == true,
                                                          timeout: call[:timeout], request_id: call[:request_id]) do |response|
          call[:async] ? JSON.parse(response.body) : answer(response, &block)
        end
      ensure
        body.close
      end
    end

    # Options as form fields: booleans as true/false, numbers as text, arrays as repeated fields,
    # a Hash (or an array of them, e.g. redact's areas) as its JSON text, nil left out.
    def form_fields(options)
      options.each_with_object([]) do |(name, value), out|
        next if value.nil?

        if value.is_a?(Hash) || (value.is_a?(Array) && value.any?(Hash))
          out << [name.to_s, JSON.generate(value)]
        else
          (value.is_a?(Array) ? value : [value]).each { |item| out << [name.to_s, item.to_s] }
        end
      end
    end

    def split_fields(operation, fields)
      parts = OPERATIONS.fetch(operation.to_s) { raise ArgumentError, "unknown operation #{operation.inspect}" }[:files].map { |f| f[:field] }
      call = fields.slice(*CALL_OPTIONS)
      rest = fields.reject { |name, _| CALL_OPTIONS.include?(name) }
      files = rest.select { |name, _| parts.include?(name.to_s) }.transform_keys(&:to_s)
      options = rest.reject { |name, _| parts.include?(name.to_s) }
      [files, options, call]
    end

    # A 2xx answer: with a block, the streamed Result given to it (its value returned);
    # without, the Result with its body spooled (the connection is free again).
    def answer(response)
      result = Result.new(response)
      return result.spool! unless block_given?

      begin
        value = yield result
      rescue Exception => e # rubocop:disable Lint/RescueException -- handed back unchanged by #exchange
        raise CallerRaised.new(e)
      end
      return value unless result.pending?

      length = result.content_length
      raise DropConnection.new(value) unless length && length <= DRAIN_LIMIT

      result.each_chunk { |_| nil } # small: read off so the connection can be reused
      value
    end

    # One exchange with retries: the handler gets the 2xx Net::HTTPResponse while its body is
    # still on the wire; any other answer raises its problem as a PdfService::Error.
    def exchange(method, path, may_retry:, body: nil, headers: {}, timeout: nil, request_id: nil, &handler)
      attempts = may_retry ? @retries + 1 : 1
      backoff = @backoff
      attempt = 0
      begin
        attempt += 1
        attempt_once(method, path, body, headers, timeout, request_id, &handler)
      rescue Error => e
        raise if attempt >= attempts || !retriable?(e) || (body.respond_to?(:rewind) && !body.rewind)

        sleep(e.retry_after || backoff)
        backoff *= 2
        retry
      rescue CallerRaised => e
        raise e.original
      rescue DropConnection => e
        e.value
      end
    end

    def attempt_once(method, path, body, headers, timeout, request_id)
      request = method.new(@base.path + path, headers.merge("Authorization" => "Bearer #{@api_key}", "User-Agent" => "pdf-service-ruby/#{VERSION}"))
      request["X-Request-Id"] = request_id if request_id
      if body.is_a?(String) # a JSON document (create_token)
        request["Content-Type"] = "application/json"
        request.body = body
      elsif body
        request["Content-Type"] = body.content_type
        body.length ? request.content_length = body.length : request["Transfer-Encoding"] = "chunked"
        request.body_stream = body
      end
      problem = nil
      outcome = nil
      begin
        with_connection(timeout || @timeout) do |http|
          http.request(request) do |response|
            seen(response)
            if response.is_a?(Net::HTTPSuccess)
              outcome = yield(response)
            else
              problem = problem_of(response)
            end
          end
        end
      rescue *NETWORK_ERRORS => e
        raise NetworkError.new(status: 0, code: "network_error", detail: "#{e.class}: #{e.message}")
      end
      raise problem if problem

      outcome
    end

    # A kept-alive connection for one exchange, back to the pool afterwards (Net::HTTP reconnects
    # one whose socket an error closed). Net::HTTP's own retry is off: #exchange decides.
    def with_connection(timeout)
      http = @lock.synchronize { @idle.pop }
      unless http
        http = Net::HTTP.new(@base.host, @base.port)
        http.use_ssl = @base.scheme == "https"
        http.max_retries = 0
      end
      http.open_timeout = [timeout, 30].min
      http.read_timeout = timeout
      http.write_timeout = timeout
      http.start unless http.started?
      yield http
    ensure
      @lock.synchronize { @idle.push(http) } if http&.started?
    end

    def seen(response)
      @last_request_id = response["x-request-id"]
      limit = RateLimit.parse(response)
      @last_rate_limit = limit if limit
    end

    def problem_of(response)
      request_id = response["x-request-id"]
      problem = begin
        parsed = JSON.parse(response.body.to_s)
        parsed.is_a?(Hash) ? parsed : nil
      rescue JSON::ParserError
        nil
      end
      problem ||= { "status" => response.code.to_i, "code" => "http_#{response.code}", "detail" => response.message, "request_id" => request_id }
      PdfService.error_for(problem, request_id: request_id, retry_after: Headers.retry_after(response))
    end

    # Answers a retry may cure: overload, the account's concurrency limit, no answer at all.
    def retriable?(error)
      %w[server_busy concurrency_limit].include?(error.code) || error.is_a?(NetworkError)
    end

    def not_succeeded(job)
      return PdfService.error_for(job["error"]) if job["error"]

      Error.new(status: 0, code: "canceled", detail: "The job #{job['id']} was #{job['status']}.")
    end

    def job_id(job)
      job.is_a?(Hash) ? job.fetch("id") : job.to_s
    end

    def monotonic
      Process.clock_gettime(Process::CLOCK_MONOTONIC)
    end

    # Carries an exception the caller's block raised through Net::HTTP (which then drops the
    # connection, its body unread) to be raised again unchanged, never retried.
    class CallerRaised < StandardError
      attr_reader :original

      def initialize(original)
        super(original.message)
        @original = original
      end
    end

    # Ends an exchange whose large body the caller's block left unread: dropping the connection
    # is cheaper than reading megabytes nobody wants.
    class DropConnection < StandardError
      attr_reader :value

      def initialize(value)
        super("unread body")
        @value = value
      end
    end
  end
end
