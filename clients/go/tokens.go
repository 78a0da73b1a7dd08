package pdfservice

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
)

// TokenOptions narrow a browser token (docs/api.md §2b). Zero values are not sent: the
// service then applies its defaults (600 s, the key's scopes, no use limit, any origin).
type TokenOptions struct {
	// TTLSeconds is how long the token lives, 1..3600 (never past the key's own expiry).
	TTLSeconds int `json:"ttl_seconds,omitempty"`
	// Scopes are the operations it may call: a subset of the key's.
	Scopes []string `json:"scopes,omitempty"`
	// MaxUses is how many requests it may make at most.
	MaxUses int `json:"max_uses,omitempty"`
	// Origin (scheme://host[:port]) binds it to a web page: a request from another origin is refused.
	Origin string `json:"origin,omitempty"`
}

// CreateToken mints a short-lived browser token (pdf_tok_…) from this client's key
// (POST /v1/tokens; not charged). Hand BrowserToken.Token to a web page, which uses it as
// its key; its requests count against this key's account. opts may be nil. Sent once:
// a retry after a lost answer would mint a second token.
func (c *Client) CreateToken(ctx context.Context, opts *TokenOptions, call ...CallOption) (*BrowserToken, error) {
	if opts == nil {
		opts = &TokenOptions{}
	}
	body, err := jsonBody(opts)
	if err != nil {
		return nil, err
	}
	resp, err := c.send(ctx, http.MethodPost, "/v1/tokens", body, settingsOf(call), false)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var token BrowserToken
	if err := json.NewDecoder(resp.Body).Decode(&token); err != nil {
		return nil, fmt.Errorf("pdfservice: decoding the token: %w", err)
	}
	return &token, nil
}
