"""table specifications

Revision ID: 0003
Revises: 0002
"""

from alembic import op
import sqlalchemy as sa
import db.types


revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('tables',
    sa.Column('id', sa.String(length=120), nullable=False),
    sa.Column('title', sa.Text(), nullable=False),
    sa.Column('spec', sa.JSON(), nullable=False),
    sa.Column('file', sa.String(length=500), nullable=False),
    sa.Column('line', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tables'))
    )


def downgrade() -> None:
    op.drop_table('tables')
