"""The screens of the app: one module per screen; they see the app through `base.GinApp`."""
